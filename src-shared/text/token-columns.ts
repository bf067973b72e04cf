// Runs in: any process. A parse as columns: one typed array per token field and offsets into the parsed text
// instead of one object and one string per token. A 10 MB subtitle file is 1.7 million tokens; as objects they
// outlive the young generation and cost more in garbage collection than the parse itself (issue 16).
import type { OffsetChain } from './offsets';

export type TokenKind = 'word' | 'space' | 'punct' | 'number' | 'break';

/** Kind codes of the `kind` column, indexes into KIND_NAMES. */
export const WORD = 0;
export const SPACE = 1;
export const PUNCT = 2;
export const NUMBER = 3;
export const BREAK = 4;
export const KIND_NAMES: readonly TokenKind[] = ['word', 'space', 'punct', 'number', 'break'];
export const kindCode = (kind: TokenKind): number => KIND_NAMES.indexOf(kind);

export interface ParsedColumns {
  /** The text the tokens were cut from: line endings normalised, substitutions applied, trimmed. */
  text: string;
  count: number;
  /** Token i is text.slice(start[i], end[i]) (or texts[i] when an analyzer gave the pieces). */
  start: Int32Array;
  end: Int32Array;
  /** WORD, SPACE, PUNCT, NUMBER or BREAK. */
  kind: Uint8Array;
  /** Ti2Order (tokenize.ts explains the numbering). */
  order: Int32Array;
  /** 0-based sentence index. */
  sentence: Int32Array;
  /** The analyzer's pieces (morphological parsing), where a token's text is what the analyzer said. */
  texts: string[] | null;
  /** Kana readings by token (morphological parsing; undefined where none), else null. */
  readings: (string | undefined)[] | null;
  sentenceCount: number;
  /** Sentence k is [sentenceSpans[2k], sentenceSpans[2k + 1]) of the raw text given to the parser. */
  sentenceSpans: number[];
}

export const tokenTextAt = (c: ParsedColumns, i: number): string => (c.texts ? c.texts[i] : c.text.slice(c.start[i], c.end[i]));

/**
 * Turns the pieces the segmenters cut, in text order, into token columns with each token's order and sentence,
 * and the sentence spans. The newest piece stays open (a punctuation run may still grow), and is written when
 * the next one comes.
 */
export class ColumnBuilder {
  private start: Int32Array;
  private end: Int32Array;
  private kind: Uint8Array;
  private order: Int32Array;
  private sentence: Int32Array;
  private readonly texts: string[] | null;
  private readings: (string | undefined)[] | null = null;
  private count = 0;
  private readonly sentenceSpans: number[] = [];
  /** The open piece: kind -1 when there is none. */
  openKind = -1;
  openStart = 0;
  openEnd = 0;
  private openText = '';
  private openReading: string | undefined = undefined;
  private nextOrder = 1;
  private sentenceIndex = 0;
  private endPending = false;
  private spanStart = -1;
  private spanEnd = 0;

  constructor(
    private readonly text: string,
    private readonly splitChars: Set<string>,
    /** Whether the split character at a position of the text ends its sentence (tokenize.ts has the rules). */
    private readonly endsAt: (pos: number) => boolean,
    private readonly offsets: OffsetChain,
    /** Keep each piece's own text (an analyzer's surface forms) rather than trusting offsets alone. */
    keepTexts: boolean,
  ) {
    // Prose has a token per 3.2 to 3.5 characters (a word and its space); grown by doubling when a text has more.
    const capacity = Math.max(16, Math.ceil(text.length / 3));
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.order = new Int32Array(capacity);
    this.sentence = new Int32Array(capacity);
    this.texts = keepTexts ? [] : null;
  }

  /** The open piece's text. */
  get openPiece(): string {
    return this.texts ? this.openText : this.text.slice(this.openStart, this.openEnd);
  }

  /** Starts a piece at [start, end) of the text; `piece` is its text when the builder keeps texts. */
  push(kind: number, start: number, end: number, piece?: string, reading?: string): void {
    if (this.openKind >= 0) this.close();
    this.openKind = kind;
    this.openStart = start;
    this.openEnd = end;
    if (this.texts) this.openText = piece ?? this.text.slice(start, end);
    this.openReading = reading;
  }

  /** Grows the open piece to `end` (the text between is `more`). */
  extend(end: number, more: string): void {
    this.openEnd = end;
    if (this.texts) this.openText += more;
  }

  private grow(): void {
    const size = this.start.length * 2;
    const bigger = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.start = bigger(this.start);
    this.end = bigger(this.end);
    this.kind = bigger(this.kind);
    this.order = bigger(this.order);
    this.sentence = bigger(this.sentence);
  }

  private close(): void {
    const kind = this.openKind;
    const start = this.openStart;
    const end = this.openEnd;
    if (this.spanStart < 0) this.spanStart = this.spanEnd = start;
    if (this.endPending && kind !== SPACE && kind !== BREAK) {
      this.sentenceSpans.push(this.offsets.toSource(this.spanStart), this.offsets.toSource(this.spanEnd));
      this.spanStart = start;
      this.sentenceIndex++;
      this.endPending = false;
    }
    const i = this.count++;
    if (i === this.start.length) this.grow();
    this.start[i] = start;
    this.end[i] = end;
    this.kind[i] = kind;
    this.order[i] = this.nextOrder;
    this.sentence[i] = this.sentenceIndex;
    if (this.texts) this.texts.push(this.openText);
    if (this.openReading) (this.readings ??= [])[i] = this.openReading;
    // Words and whitespace advance the order by 1, everything else by 2.
    this.nextOrder += kind === WORD || kind === SPACE ? 1 : 2;
    if (kind === BREAK) this.endPending = true;
    else if (kind !== SPACE) {
      this.spanEnd = end;
      if (kind === PUNCT) {
        const piece = this.texts ? this.openText : null;
        const length = piece ? piece.length : end - start;
        for (let k = 0; k < length; k++) {
          if (this.splitChars.has(piece ? piece[k] : this.text[start + k]) && this.endsAt(start + k)) {
            this.endPending = true;
            break;
          }
        }
      }
    }
  }

  finish(): ParsedColumns {
    if (this.openKind >= 0) this.close();
    this.openKind = -1;
    const n = this.count;
    if (n) this.sentenceSpans.push(this.offsets.toSource(this.spanStart), this.offsets.toSource(this.spanEnd));
    return {
      text: this.text,
      count: n,
      start: this.start.subarray(0, n),
      end: this.end.subarray(0, n),
      kind: this.kind.subarray(0, n),
      order: this.order.subarray(0, n),
      sentence: this.sentence.subarray(0, n),
      texts: this.texts,
      readings: this.readings,
      sentenceCount: n ? this.sentenceIndex + 1 : 0,
      sentenceSpans: this.sentenceSpans,
    };
  }
}
