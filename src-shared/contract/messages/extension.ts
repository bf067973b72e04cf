// Runs in: any process. Server messages: pairing a browser extension and annotating web pages (issue 28).
export const extensionMessages = {
  'pairing.notExtension': 'Pairing requests come from browser extensions only (Origin {origin} is not one)',
  'pairing.tooMany': 'Too many pairing requests are waiting; answer them in Lectio or try again in a few minutes',
  'pairing.notFound': 'Pairing request not found or expired',
  'pairing.answered': 'This pairing request has already been answered',
  'pairing.notByToken': 'A paired app cannot answer pairing requests; answer in Lectio itself',
  'annotate.blockTooLong': 'Block {id} has {length} characters; at most {max} per block (send long blocks in parts)',
  'annotate.totalTooLong': 'The blocks hold {length} characters; at most {max} per request (send the page in parts)',
  'annotate.tooManyBlocks': '{count} blocks; at most {max} per request (send the page in parts)',
} as const;
