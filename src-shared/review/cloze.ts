// Runs in: any process. Example sentences with the term in {braces}: split for highlighting, masked for cloze.

export interface SentencePart {
  text: string;
  /** True for the part that was inside {braces}: the term itself. */
  isTerm: boolean;
}

/** Splits "Ich habe {Hunger} heute." into plain parts and term parts. Unbalanced braces stay plain text. */
export function splitSentence(sentence: string): SentencePart[] {
  const parts: SentencePart[] = [];
  const re = /\{([^{}]*)\}/g;
  let last = 0;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    if (m.index > last) parts.push({ text: sentence.slice(last, m.index), isTerm: false });
    if (m[1]) parts.push({ text: m[1], isTerm: true });
    last = m.index + m[0].length;
  }
  if (last < sentence.length) parts.push({ text: sentence.slice(last), isTerm: false });
  return parts;
}

export const CLOZE_GAP = '[…]';

/** True when the sentence marks the term, so a cloze card can be built from it. */
export const hasMarkedTerm = (sentence: string) => splitSentence(sentence).some((p) => p.isTerm);

/** The sentence with every {term} replaced by the gap, e.g. "Ich habe […] heute." */
export function maskSentence(sentence: string, gap = CLOZE_GAP): string {
  return splitSentence(sentence)
    .map((p) => (p.isTerm ? gap : p.text))
    .join('');
}

/** The sentence without braces, as plain text. */
export const plainSentence = (sentence: string) =>
  splitSentence(sentence)
    .map((p) => p.text)
    .join('');
