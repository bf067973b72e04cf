// Runs in: any process. Lemma dictionary files: {iso}_lemmas.tsv, one "form<TAB>lemma" pair a line.

/** Lowercased surface form → lemma (as written in the file). */
export type LemmaDictionary = ReadonlyMap<string, string>;

/**
 * Reads "form<TAB>lemma" lines (LF or CRLF); `#` comments and empty lines are ignored, as are lines
 * without two non-empty columns. The first pair for a form wins. Every lemma also maps to itself, so a
 * base form that has no line of its own ("go" in a file listing "went → go") still joins its family.
 */
export function parseLemmaTsv(text: string): LemmaDictionary {
  const map = new Map<string, string>();
  const lemmas: string[] = [];
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let pos = start;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    let lineEnd = end;
    if (text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    if (lineEnd > pos && text.charCodeAt(pos) !== 35 /* # */) {
      const tab = text.indexOf('\t', pos);
      if (tab !== -1 && tab < lineEnd) {
        const form = text.slice(pos, tab).trim();
        const nextTab = text.indexOf('\t', tab + 1);
        const lemma = text.slice(tab + 1, nextTab !== -1 && nextTab < lineEnd ? nextTab : lineEnd).trim();
        if (form && lemma) {
          const key = form.toLowerCase();
          if (!map.has(key)) map.set(key, lemma);
          lemmas.push(lemma);
        }
      }
    }
    pos = end + 1;
  }
  for (const lemma of lemmas) {
    const key = lemma.toLowerCase();
    if (!map.has(key)) map.set(key, lemma);
  }
  return map;
}

/** Looks a word up: exact lowercase form. */
export const lookupLemma = (dict: LemmaDictionary, word: string): string | null => dict.get(word.trim().toLowerCase()) ?? null;

/**
 * Turns two-column pairs from any list (lemma first or form first) into our form-first file.
 * Returns the file text and the number of pairs kept.
 */
export function toLemmaTsv(pairs: Iterable<readonly [form: string, lemma: string]>, header: string): { text: string; pairs: number } {
  const seen = new Set<string>();
  const lines: string[] = [`# ${header.replace(/\n/g, ' ')}`];
  for (const [rawForm, rawLemma] of pairs) {
    const form = rawForm.replace(/[\t\n]/g, ' ').trim();
    const lemma = rawLemma.replace(/[\t\n]/g, ' ').trim();
    if (!form || !lemma) continue;
    const key = `${form.toLowerCase()}\t${lemma}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`${form}\t${lemma}`);
  }
  return { text: lines.join('\n') + '\n', pairs: lines.length - 1 };
}
