// Runs in: main. Sentence timings of texts: when each sentence is spoken (from subtitles, transcription
// segments or a manual pass). Timings follow their sentence through text edits: on text.changed, each new
// sentence whose text is unchanged takes the timing its text had (in order); changed sentences lose theirs.
import { badRequest, notFound } from '../../../src-shared/contract/errors';
import type { SentenceTimingDto } from '../../../src-shared/contract/listening';
import { joinCues, timingsForSentences, type CueSpan } from '../../../src-shared/subtitles';
import type { Cue } from '../../../src-shared/subtitles';
import { isWhitespaceCode } from '../../../src-shared/text/tokenize';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';

const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();
const round = (x: number) => Math.round(x * 1000) / 1000;

function ownedText(ctx: HandlerContext, textId: number) {
  const t = repo.textWithSentences(ctx.sqlite, ctx.user, textId);
  if (!t) throw notFound(msg('text.notFound'));
  return t;
}

export function getTimings(ctx: HandlerContext, textId: number): SentenceTimingDto[] {
  ownedText(ctx, textId);
  return repo.selectTimings(ctx.sqlite, ctx.user, textId).map(({ order, start, end }) => ({ order, start, end }));
}

/**
 * Saves timings (manual mode). Orders must name sentences of the text; a missing end is the next sentence's
 * start (or the start itself for the last one). Starts must not go backwards.
 */
export function saveTimings(ctx: HandlerContext, textId: number, input: readonly { order: number; start: number; end?: number }[]): SentenceTimingDto[] {
  const { text, sentences } = ownedText(ctx, textId);
  const byOrder = new Map(sentences.map((s) => [s.order, s]));
  const sorted = [...input].sort((a, b) => a.order - b.order);
  for (let i = 0; i < sorted.length; i++) {
    if (!byOrder.has(sorted[i].order)) throw badRequest(msg('timings.noSentence', { order: sorted[i].order, count: sentences.length }));
    if (i > 0 && sorted[i].order === sorted[i - 1].order) throw badRequest(msg('timings.twice', { order: sorted[i].order }));
    if (i > 0 && sorted[i].start < sorted[i - 1].start)
      throw badRequest(msg('timings.startsBefore', { order: sorted[i].order, previous: sorted[i - 1].order }));
  }
  const rows = sorted.map((t, i) => {
    const s = byOrder.get(t.order)!;
    const end = t.end ?? sorted[i + 1]?.start ?? t.start;
    if (end < t.start) throw badRequest(msg('timings.endsBefore', { order: t.order }));
    return { order: t.order, start: round(t.start), end: round(end), text: normalize(text.slice(s.from, s.from + s.length)) };
  });
  transact(ctx, () => repo.replaceTimings(ctx.sqlite, textId, rows));
  return getTimings(ctx, textId);
}

/** Times a stored text from cue spans over exactly its text (subtitle import, transcription segments). */
export function saveTimingsFromSpans(ctx: HandlerContext, textId: number, spans: readonly CueSpan[] | Float64Array): number {
  const { text, sentences } = ownedText(ctx, textId);
  return storeTimings(ctx, textId, text, sentences, spans);
}

/**
 * Times a text being created, inside its transaction, from its parse: `sentenceSpans` are the parser's
 * (sentence k is [sentenceSpans[2k], sentenceSpans[2k + 1]) of `text`, stored as SeOrder k + 1).
 */
export function saveTimingsOfParse(ctx: HandlerContext, textId: number, text: string, sentenceSpans: readonly number[], spans: Float64Array): number {
  const sentences: repo.SentenceSpanRow[] = [];
  for (let k = 0; k < sentenceSpans.length; k += 2)
    sentences.push({ order: k / 2 + 1, from: sentenceSpans[k], length: sentenceSpans[k + 1] - sentenceSpans[k] });
  return storeTimings(ctx, textId, text, sentences, spans);
}

function storeTimings(
  ctx: HandlerContext,
  textId: number,
  text: string,
  sentences: readonly repo.SentenceSpanRow[],
  spans: readonly CueSpan[] | Float64Array,
): number {
  const timings = timingsForSentences(text, spans, sentences);
  // Timings come in sentence order, some sentences (whitespace only) left out.
  const rows: repo.TimingRow[] = [];
  let k = 0;
  for (const t of timings) {
    while (sentences[k].order !== t.order) k++;
    const s = sentences[k];
    rows.push({ order: t.order, start: t.start, end: t.end, text: normalizedSlice(text, s.from, s.from + s.length) });
  }
  repo.replaceTimings(ctx.sqlite, textId, rows);
  return timings.length;
}

/** normalize(text.slice(from, to)), without a regex pass when the slice has single spaces only, none at its ends (nearly every sentence). */
function normalizedSlice(text: string, from: number, to: number): string {
  let plain = from === to || (!isWhitespaceCode(text.charCodeAt(from)) && !isWhitespaceCode(text.charCodeAt(to - 1)));
  for (let i = from; plain && i < to; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c < 0xa0) continue;
    if (c === 32) plain = text.charCodeAt(i + 1) !== 32;
    else if (isWhitespaceCode(c)) plain = false;
  }
  return plain ? text.slice(from, to) : normalize(text.slice(from, to));
}

/**
 * Times a text from cues when the stored text is the cues joined (joinCues) — the user may have edited the
 * transcript before saving; then only timings of the unchanged text are possible, and none are stored.
 */
export function saveTimingsFromCues(ctx: HandlerContext, textId: number, cues: readonly Cue[]): number {
  const joined = joinCues(cues);
  const { text } = ownedText(ctx, textId);
  if (text !== joined.text) return 0;
  return saveTimingsFromSpans(ctx, textId, joined.spans);
}

/** Re-keys a text's timings to its new sentences after an edit (see the file comment). */
export function remapAfterEdit(ctx: HandlerContext, textId: number): void {
  if (!repo.hasTimings(ctx.sqlite, textId)) return;
  const old = repo.selectTimings(ctx.sqlite, ctx.user, textId);
  const t = repo.textWithSentences(ctx.sqlite, ctx.user, textId);
  if (!t) return;
  const kept: repo.TimingRow[] = [];
  let from = 0;
  for (const s of t.sentences) {
    const sText = normalize(t.text.slice(s.from, s.from + s.length));
    // The next old timing with the same sentence text, not before the last one matched (order is kept).
    let j = from;
    while (j < old.length && old[j].text !== sText) j++;
    if (j < old.length) {
      kept.push({ ...old[j], order: s.order });
      from = j + 1;
    }
  }
  repo.replaceTimings(ctx.sqlite, textId, kept);
}
