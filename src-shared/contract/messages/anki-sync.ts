// Runs in: any process. Server messages: sending terms to a running Anki through AnkiConnect, and reading statuses back.
export const ankiSyncMessages = {
  'ankiSync.notRunning': 'Anki is not running (nothing answers at {url}): start Anki with the AnkiConnect add-on, then try again',
  'ankiSync.timeout': 'Anki did not answer within {seconds} s: it may be busy (a sync or a dialog); try again',
  'ankiSync.notAnkiConnect': 'What answers at {url} is not AnkiConnect: check the AnkiConnect URL in Settings',
  'ankiSync.refused': 'Anki refused the request: {why}',
  'ankiSync.badKey': 'Anki asks for an API key: enter the key of AnkiConnect\'s "apiKey" setting in Settings',
  'ankiSync.badUrl': 'The AnkiConnect URL "{url}" is not an http(s) address',
  'ankiSync.blocked': 'The AnkiConnect URL {url} points at a private or loopback address, which a shared server does not reach for its users',
  'ankiSync.nothingToSend': 'No terms to send: the selection or filter matches none of your terms',
} as const;
