// Runs in: any process. The one rule for marking a term in an example sentence (issue 31, item 1): the term is marked where it is a
// whole run of the sentence's tokens, never inside a longer word ("er" is not in "erwachte"). Tokens come from
// the language's parser wherever one is at hand (Japanese has no spaces: only its analyzer knows where a word
// ends); `plainTokens` stands in where none is (a sentence arriving from Anki). Every path that writes a
// sentence with {braces} goes through here: the reader (by token index), the vocabulary's sentences-with-term,
// the book page's word chips and "add all", and sentences coming in from Anki.
import { BREAK, WORD, tokenTextAt, type ParsedColumns } from './token-columns';

/** One token of a sentence: its text as written, and whether it is a word (not space or punctuation). */
export interface SentenceToken {
  text: string;
  word: boolean;
}

/** A run of tokens, first..last inclusive (indexes into the token list). */
export interface TokenRun {
  first: number;
  last: number;
}

// Scripts written without spaces: without their parser, each character is a token of its own, so a term is
// found anywhere in them (the best a regex can do), while alphabetic words stay whole.
const UNSPACED = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}`;
const PLAIN_TOKEN = new RegExp(String.raw`([${UNSPACED}]\p{M}*)|((?:(?![${UNSPACED}])[\p{L}\p{M}\p{N}])+)|([^\p{L}\p{M}\p{N}]+)`, 'gu');

/** A sentence cut into tokens without a parser: letter/digit runs are words, one character each in unspaced scripts. */
export function plainTokens(sentence: string): SentenceToken[] {
  const out: SentenceToken[] = [];
  for (const m of sentence.matchAll(PLAIN_TOKEN)) out.push({ text: m[0], word: m[3] === undefined });
  return out;
}

/** A parser's tokens (a parse of one sentence, or of a text) as sentence tokens; a line break reads as a space. */
export function columnTokens(c: ParsedColumns): SentenceToken[] {
  const out: SentenceToken[] = [];
  for (let i = 0; i < c.count; i++) out.push({ text: c.kind[i] === BREAK ? ' ' : tokenTextAt(c, i), word: c.kind[i] === WORD });
  return out;
}

/** Lowercased as WoTextLC is, with whitespace runs as one space (a multi-word term spans the spaces between). */
const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/** The run starting at token `at` that spells the term (whole tokens, starting and ending on a word), or null. */
function runAt(tokens: readonly SentenceToken[], at: number, termFolded: string): TokenRun | null {
  if (!tokens[at]?.word) return null;
  let spelled = '';
  for (let j = at; j < tokens.length; j++) {
    spelled += fold(tokens[j].text);
    if (spelled.length > termFolded.length) return null;
    if (tokens[j].word && spelled === termFolded) return { first: at, last: j };
    if (!termFolded.startsWith(spelled)) return null;
  }
  return null;
}

/**
 * Where the term is in the tokens: at token `at` when it is given and the term is there (the occurrence the
 * learner clicked or the text's stored position), else its first whole-token match, case-insensitively;
 * null when the sentence does not hold it as whole tokens.
 */
export function findTerm(tokens: readonly SentenceToken[], term: string, at?: number): TokenRun | null {
  const termFolded = fold(term.trim());
  if (!termFolded) return null;
  if (at !== undefined) {
    const hit = runAt(tokens, at, termFolded);
    if (hit) return hit;
  }
  for (let i = 0; i < tokens.length; i++) {
    const hit = runAt(tokens, i, termFolded);
    if (hit) return hit;
  }
  return null;
}

/** The sentence with tokens first..last between `open` and `close` ({braces} by default), trimmed at both ends. */
export function markRun(tokens: readonly SentenceToken[], run: TokenRun, open = '{', close = '}'): string {
  let before = '';
  let marked = '';
  let after = '';
  tokens.forEach((t, i) => {
    if (i < run.first) before += t.text;
    else if (i <= run.last) marked += t.text;
    else after += t.text;
  });
  return `${before.trimStart()}${open}${marked}${close}${after.trimEnd()}`;
}

/** The sentence with the term in {braces} (at token `at` when it is there, else its first whole-token match), or null. */
export function markTerm(tokens: readonly SentenceToken[], term: string, at?: number): string | null {
  const run = findTerm(tokens, term, at);
  return run ? markRun(tokens, run) : null;
}
