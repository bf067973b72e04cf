// Runs in: any process (scripts and bench). Reads Universal Dependencies CoNLL-U text into sentences of
// syntactic words (form, lemma, UPOS): the data the form tables are built from (scripts/build-form-tables.ts)
// and the running-text figures are measured on (bench/lemmas-running.ts). Multiword-token ranges ("del" =
// de + el) and empty nodes are skipped: their words follow as lines of their own.

export interface UdWord {
  form: string;
  lemma: string;
  upos: string;
}

/** The parts of speech a learner saves as vocabulary: the running-text figure counts these tokens only. */
export const CONTENT_UPOS: ReadonlySet<string> = new Set(['NOUN', 'VERB', 'ADJ', 'ADV', 'AUX']);

export function parseConllu(text: string): UdWord[][] {
  const sentences: UdWord[][] = [];
  let current: UdWord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) {
      if (current.length) sentences.push(current);
      current = [];
      continue;
    }
    if (line.startsWith('#')) continue;
    const cols = line.split('\t');
    if (cols.length < 4 || !/^\d+$/.test(cols[0])) continue;
    current.push({ form: cols[1], lemma: cols[2], upos: cols[3] });
  }
  if (current.length) sentences.push(current);
  return sentences;
}
