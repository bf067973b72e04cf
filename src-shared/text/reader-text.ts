// Runs in: any process. The reader payload's columns (ReaderView.tokens / forms / multiwords): built from a
// parse in main, read back item by item in the renderer. Item indexes are those of GET /texts/{id}/words:
// the tokens in order, each multi-word occurrence right after the token it starts at.
import type { ReaderForms, ReaderMultiwords, ReaderTerms, ReaderTokens, ReadingItem } from '../contract/reader';
import { lowerForm } from './sha256';
import { KIND_NAMES, tokenTextAt, WORD, type ParsedColumns } from './token-columns';
import { orderStep, type TokenKind } from './tokenize';
import { markRun, type SentenceToken } from './mark-term';

const LETTER: Record<TokenKind, string> = { word: 'w', space: 's', punct: 'p', number: 'n', break: 'b' };
const LETTER_CODE = Uint8Array.from(KIND_NAMES, (k) => LETTER[k].charCodeAt(0));
const KIND: Record<string, TokenKind> = { w: 'word', s: 'space', p: 'punct', n: 'number', b: 'break' };
const ORDER_STEP_WORD_OR_SPACE = orderStep('word');
const ORDER_STEP_OTHER = orderStep('punct');

export interface TokenColumns {
  tokens: ReaderTokens;
  /** Lowercased text of each form; form numbers go by frequency in the text, most frequent first. */
  formLC: string[];
  /** Per token: its form number, -1 for non-words. */
  formOfToken: Int32Array;
}

/**
 * The columns that depend on the parse alone (not on terms): built once per parse and cached. Read straight
 * from the parser's columns: a 20,000-word chapter as token objects first would be 46,000 objects of garbage
 * per open (issue 18: the serve process's memory).
 */
export function tokenColumns(c: ParsedColumns): TokenColumns {
  const count = c.count;
  const firstSeen = new Map<string, number>();
  const counts: number[] = [];
  const formOfToken = new Int32Array(count).fill(-1);
  const text: string[] = new Array(count);
  const kindLetters = new Uint8Array(count);
  const sentenceStarts: number[] = [];
  let readings: string[] | undefined;
  // One string per distinct token text (slicing makes one per token): a cached parse holds its 5,000 forms
  // and a few punctuation runs, not 46,000 strings.
  const distinct = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const sliced = tokenTextAt(c, i);
    let t = distinct.get(sliced);
    if (t === undefined) distinct.set(sliced, (t = sliced));
    text[i] = t;
    kindLetters[i] = LETTER_CODE[c.kind[i]];
    if (c.sentence[i] === sentenceStarts.length) sentenceStarts.push(i);
    const reading = c.readings?.[i];
    if (reading) (readings ??= new Array<string>(count).fill(''))[i] = reading;
    if (c.kind[i] !== WORD) continue;
    const lc = lowerForm(t);
    let n = firstSeen.get(lc);
    if (n === undefined) {
      firstSeen.set(lc, (n = counts.length));
      counts.push(0);
    }
    counts[n]++;
    formOfToken[i] = n;
  }
  // Most frequent first: the numbers sent for the words are as short as they can be.
  const byFrequency = counts.map((_, n) => n).sort((a, b) => counts[b] - counts[a] || a - b);
  const renumber = new Int32Array(counts.length);
  byFrequency.forEach((n, rank) => (renumber[n] = rank));
  const formLC: string[] = new Array(counts.length);
  for (const [lc, n] of firstSeen) formLC[renumber[n]] = lc;
  const wordForm: number[] = [];
  for (let i = 0; i < count; i++) {
    if (formOfToken[i] === -1) continue;
    formOfToken[i] = renumber[formOfToken[i]];
    wordForm.push(formOfToken[i]);
  }
  const columns: ReaderTokens = { text, kinds: new TextDecoder().decode(kindLetters), wordForm, sentenceStarts };
  if (readings) columns.readings = readings;
  return { tokens: columns, formLC, formOfToken };
}

export interface TermHint {
  translation: string;
  romanization: string;
}

/** The reading items of a reader payload, read column-wise; statuses and term ids can change in place. */
export class ReaderText {
  /** Number of reading items. */
  readonly length: number;
  readonly tokens: ReaderTokens;
  readonly forms: ReaderForms;
  readonly multiwords: ReaderMultiwords;
  /** Per item: its token (>= 0), or -1 - j for multi-word occurrence j. */
  private readonly itemRef: Int32Array;
  /** Per token: its item index. */
  private readonly itemOfToken: Int32Array;
  /** Per multi-word occurrence: its item index. */
  private readonly itemOfMulti: Int32Array;
  private readonly formOf: Int32Array;
  private readonly orderOf: Int32Array;
  private readonly sentenceOf: Int32Array;
  private readonly formByHex = new Map<string, number>();
  private readonly hints = new Map<number, TermHint>();

  constructor(payload: { tokens: ReaderTokens; forms: ReaderForms; multiwords: ReaderMultiwords; terms: ReaderTerms }) {
    this.tokens = payload.tokens;
    this.forms = payload.forms;
    this.multiwords = payload.multiwords;
    const { kinds, wordForm, sentenceStarts } = this.tokens;
    const n = kinds.length;
    const m = this.multiwords.start.length;
    this.length = n + m;
    this.itemRef = new Int32Array(n + m);
    this.itemOfToken = new Int32Array(n);
    this.itemOfMulti = new Int32Array(m);
    this.formOf = new Int32Array(n).fill(-1);
    this.orderOf = new Int32Array(n);
    this.sentenceOf = new Int32Array(n);
    let item = 0;
    let word = 0;
    let multi = 0;
    let order = 1;
    let sentence = -1;
    // Letter codes rather than kind names: this loop runs once per token (a million for a long book).
    const W = 119; // 'w'
    const S = 115; // 's'
    for (let t = 0; t < n; t++) {
      while (sentence + 1 < sentenceStarts.length && sentenceStarts[sentence + 1] <= t) sentence++;
      const code = kinds.charCodeAt(t);
      if (code === W) this.formOf[t] = wordForm[word++];
      this.orderOf[t] = order;
      this.sentenceOf[t] = sentence > 0 ? sentence : 0;
      order += code === W || code === S ? ORDER_STEP_WORD_OR_SPACE : ORDER_STEP_OTHER;
      this.itemOfToken[t] = item;
      this.itemRef[item++] = t;
      for (; multi < m && this.multiwords.start[multi] === t; multi++) {
        this.itemOfMulti[multi] = item;
        this.itemRef[item++] = -1 - multi;
      }
    }
    this.forms.hex.forEach((hex, f) => this.formByHex.set(hex, f));
    payload.terms.id.forEach((id, k) => this.setHint(id, payload.terms.translation[k], payload.terms.romanization[k]));
  }

  /** A term's translation and romanization (hover, hints), if it has either. */
  hint(termId: number): TermHint | undefined {
    return this.hints.get(termId);
  }

  setHint(termId: number, translation: string, romanization: string): void {
    if (translation || romanization) this.hints.set(termId, { translation, romanization });
    else this.hints.delete(termId);
  }

  /** 0 for a non-word, 1 for a word, the number of words for a multi-word occurrence. */
  wordCount(i: number): number {
    const r = this.itemRef[i];
    return r < 0 ? this.multiwords.wordCount[-1 - r] : this.formOf[r] === -1 ? 0 : 1;
  }

  kind(i: number): TokenKind {
    const r = this.itemRef[i];
    return r < 0 ? 'word' : KIND[this.tokens.kinds[r]];
  }

  /** The token of a single item, or the first word of a multi-word occurrence. */
  private token(i: number): number {
    const r = this.itemRef[i];
    return r < 0 ? this.multiwords.start[-1 - r] : r;
  }

  /** Item index of the first word of item i (itself for a single token). */
  firstWordItem(i: number): number {
    return this.itemOfToken[this.token(i)];
  }

  /** Item indexes of the single words of a multi-word occurrence, in order. */
  wordsOf(i: number): number[] {
    const out: number[] = [];
    const count = this.wordCount(i);
    for (let t = this.token(i); t < this.tokens.kinds.length && out.length < count; t++) {
      if (this.formOf[t] !== -1) out.push(this.itemOfToken[t]);
    }
    return out;
  }

  /** Surface text: a token's text, or the tokens of a multi-word occurrence from its first to its last word. */
  text(i: number): string {
    const r = this.itemRef[i];
    if (r >= 0) return this.tokens.text[r];
    const words = this.wordsOf(i);
    let text = '';
    for (let t = this.itemRef[words[0]]; t <= this.itemRef[words[words.length - 1]]; t++) text += this.tokens.text[t];
    return text;
  }

  order(i: number): number {
    return this.orderOf[this.token(i)];
  }

  sentence(i: number): number {
    return this.sentenceOf[this.token(i)];
  }

  reading(i: number): string | undefined {
    const r = this.itemRef[i];
    return (r >= 0 && this.tokens.readings?.[r]) || undefined;
  }

  /** data_hex; '' for non-words. */
  hex(i: number): string {
    const r = this.itemRef[i];
    if (r < 0) return this.multiwords.hex[-1 - r];
    const f = this.formOf[r];
    return f === -1 ? '' : this.forms.hex[f];
  }

  /** Term status; 0 for unknown words and non-words. */
  status(i: number): number {
    const r = this.itemRef[i];
    if (r < 0) return this.multiwords.status[-1 - r];
    const f = this.formOf[r];
    return f === -1 ? 0 : this.forms.status[f];
  }

  termId(i: number): number | null {
    const r = this.itemRef[i];
    const id = r < 0 ? this.multiwords.termId[-1 - r] : this.formOf[r] === -1 ? 0 : this.forms.termId[this.formOf[r]];
    return id === 0 ? null : id;
  }

  /** Item index of token t. */
  itemOfTokenAt(t: number): number {
    return this.itemOfToken[t];
  }

  /** Item index of multi-word occurrence j. */
  itemOfMultiword(j: number): number {
    return this.itemOfMulti[j];
  }

  /** Item i as GET /texts/{id}/words sends it. */
  item(i: number): ReadingItem {
    const item: ReadingItem = {
      Ti2Order: this.order(i),
      Ti2WordCount: this.wordCount(i),
      Ti2WoID: this.termId(i),
      text: this.text(i),
      hex: this.hex(i),
      status: this.status(i),
      kind: this.kind(i),
      sentence: this.sentence(i),
    };
    const reading = this.reading(i);
    if (reading) item.reading = reading;
    return item;
  }

  /** Item indexes of the single words, in order. */
  wordItems(): number[] {
    const out: number[] = new Array<number>(this.tokens.wordForm.length);
    let k = 0;
    for (let t = 0; t < this.formOf.length; t++) if (this.formOf[t] !== -1) out[k++] = this.itemOfToken[t];
    out.length = k;
    return out;
  }

  /** The sentence of item i as the learner sees it (its tokens without line breaks), trimmed. */
  sentenceText(i: number): string {
    const s = this.sentence(i);
    const { text, kinds, sentenceStarts } = this.tokens;
    const end = s + 1 < sentenceStarts.length ? sentenceStarts[s + 1] : kinds.length;
    let out = '';
    for (let t = sentenceStarts[s] ?? 0; t < end; t++) if (kinds[t] !== 'b') out += text[t];
    return out.trim();
  }

  /**
   * The sentence of items `from`..`to` as sentenceText gives it, with those items' tokens in {braces}: the
   * occurrence the learner clicked, not the first look-alike ("er" inside "erwachte").
   */
  markedSentenceText(from: number, to = from): string {
    const s = this.sentence(from);
    const { text, kinds, sentenceStarts } = this.tokens;
    const end = s + 1 < sentenceStarts.length ? sentenceStarts[s + 1] : kinds.length;
    const first = this.token(from);
    const lastWords = this.wordsOf(to);
    const last = lastWords.length ? this.itemRef[lastWords[lastWords.length - 1]] : this.token(to);
    // Marked by the one rule every path shares (mark-term.ts), at the tokens clicked.
    const tokens: SentenceToken[] = [];
    const run = { first: -1, last: -1 };
    for (let t = sentenceStarts[s] ?? 0; t < end; t++) {
      if (kinds[t] === 'b') continue;
      if (t >= first && run.first < 0) run.first = tokens.length;
      if (t <= last) run.last = tokens.length;
      tokens.push({ text: text[t], word: kinds[t] === 'w' });
    }
    return markRun(tokens, run);
  }

  /** The multi-word occurrence items with this data_hex. */
  multiwordItems(hex: string): number[] {
    const out: number[] = [];
    this.multiwords.hex.forEach((h, j) => h === hex && out.push(this.itemOfMulti[j]));
    return out;
  }

  /** A term was saved: every word (and multi-word occurrence) with its data_hex takes its id and status. */
  setTerm(hex: string, termId: number, status: number): void {
    const f = this.formByHex.get(hex);
    if (f !== undefined) {
      this.forms.termId[f] = termId;
      this.forms.status[f] = status;
    }
    const mw = this.multiwords;
    for (let j = 0; j < mw.hex.length; j++) {
      if (mw.hex[j] !== hex) continue;
      mw.termId[j] = termId;
      mw.status[j] = status;
    }
  }

  /** A term was deleted: its words become unknown. Returns the data_hex values it had. */
  unlinkTerm(termId: number): string[] {
    const hexes = new Set<string>();
    for (const columns of [this.forms, this.multiwords]) {
      for (let k = 0; k < columns.termId.length; k++) {
        if (columns.termId[k] !== termId) continue;
        hexes.add(columns.hex[k]);
        columns.termId[k] = 0;
        columns.status[k] = 0;
      }
    }
    return [...hexes];
  }

  /** Distinct words by status (the legend). */
  statusCounts(): Record<number, number> {
    // Statuses are 0-5, 98 and 99: an array indexed by status, turned into a record at the end.
    const byStatus = new Int32Array(100);
    const status = this.forms.status;
    for (let f = 0; f < status.length; f++) byStatus[status[f]]++;
    const counts: Record<number, number> = {};
    byStatus.forEach((n, st) => n && (counts[st] = n));
    return counts;
  }
}
