// Runs in: any process (pure). A language's web dictionary URL for a word (LWT's URI forms) and the site's name
// for a button: the reader's word panel and the book page's look-up share them.

/** LWT's URI forms: `###` (or `lwt_term`) is the word, else the word is appended; a leading `*` meant "popup". */
export function dictionaryUrl(template: string, word: string): string {
  const tm = template.replace(/^\*/, '');
  const q = encodeURIComponent(word);
  if (tm.includes('###')) return tm.replace('###', q);
  if (tm.includes('lwt_term')) return tm.replace('lwt_term', q);
  return tm + q;
}

/** The site's name for a button: its host without "www." (dict.example.org, wordreference.com). */
export function siteName(template: string): string {
  try {
    return new URL(template.replace(/^\*/, '').replace(/###|lwt_term/g, 'x')).hostname.replace(/^www\./, '');
  } catch {
    return template.slice(0, 30);
  }
}
