// Runs in: main. GET /api/v1/texts/{id}/words in both views, kept per text as JSON text whose term ids and
// statuses are slots (patchable-json.ts). A term change does not throw the text away: the listener logs which
// terms changed; the next request reads again only the forms those terms touch (one seek each) and writes
// their slots, and reads the text's multi-word rows again only when a multi-word term may be involved. A change
// it cannot follow that way (many forms, multi-word occurrences added or removed, a log it has lost) builds
// the payload again from the cached parse.
import type { CompactReadingItems } from '../../../src-shared/contract/reader';
import { jsonText } from '../../../src-shared/contract/endpoint';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import { parsingLanguage } from '../languages';
import type { ParsingLanguage } from '../analysis';
import { hexOf, parsedTextOf, tokenAt, tokenKind, tokenReading, tokenText, type ParsedEntry } from './view';
import { formTerm, multiwordRows, textForms, type LinkedRow } from './repo';
import { ensureParsed, getTextRow } from '../texts';
import { changesSince, termsVersion } from './changes';
import { patch, payloadBytes, PatchableJsonBuilder, SLOT_ID_OR_NULL, SLOT_ID_OR_ZERO, SLOT_STATUS, type PatchableJson } from './patchable-json';

// ---- The cached payload of one text in one view --------------------------------------------------------

type View = 'full' | 'compact';

/** A multi-word occurrence of the text: the token it starts at and its stored row. */
type MultiOccurrence = { at: number; row: LinkedRow };

/** Term state by key: keys 0..forms-1 are the text's single-word forms, forms+j its j-th multi-word occurrence. */
interface PayloadEntry {
  key: string;
  version: number;
  lang: ParsingLanguage;
  parsed: ParsedEntry;
  formCount: number;
  /** The stored form (token_forms) of each form, and forms by their stored lowercased text. */
  formId: Int32Array;
  formByLC: Map<string, number>;
  /** Multi-word occurrences, in the order they are listed. */
  multi: MultiOccurrence[];
  /** The payload, and the term and status written in it for each key. */
  json: PatchableJson;
  term: Int32Array;
  status: Int32Array;
}

/** Payloads by view, user and text, in a slot of the core's services (cleared with the change log they follow). */
const payloadsSlot = cacheSlot<Map<string, PayloadEntry>>('reader.wordsPayloads');
const CACHED_PAYLOADS = 8;
/** More changed forms than this since the last request: build the payload again (patching would cost more). */
const PATCH_LIMIT = 400;

const writtenWithoutSpaces = (lang: ParsingLanguage) => lang.LgRemoveSpaces || lang.LgSplitEachChar || lang.LgParserType !== 'regex';

/** GET /api/v1/texts/{id}/words in either view, as JSON text. */
export async function readingItemsPayload<T>(ctx: HandlerContext, textId: number, view: View): Promise<T> {
  const byText = payloadsSlot.get(ctx.services) ?? payloadsSlot.set(ctx.services, new Map());
  // The row read is the ownership check too: a foreign text is not found before any cache is consulted.
  let row = getTextRow(ctx, textId);
  if (row.TxNeedsParse) {
    await ensureParsed(ctx, row);
    row = getTextRow(ctx, textId);
  }
  const lang = parsingLanguage(ctx, row.TxLgID);
  const slot = `${view}:${ctx.user.id ?? ''}:${row.TxID}`;
  const key = JSON.stringify([row.TxModified, row.TxText.length, lang]);
  let entry = byText.get(slot);
  const followed = entry && entry.key === key ? follow(ctx, row.TxID, entry) : null;
  if (entry && followed === true) {
    byText.delete(slot);
    byText.set(slot, entry);
    return jsonText<T>(entry.json.json, payloadBytes(entry.json));
  }
  const since = termsVersion(ctx.services);
  const parsed = await parsedTextOf(ctx, row, lang!);
  // Multi-word rows the failed follow already read (as of `since`) are not read twice.
  entry = build(ctx, row.TxID, row.TxLgID, view, key, lang!, parsed, since, Array.isArray(followed) ? followed : undefined);
  byText.set(slot, entry);
  if (byText.size > CACHED_PAYLOADS) byText.delete(byText.keys().next().value!);
  return jsonText<T>(entry.json.json, payloadBytes(entry.json));
}

/**
 * Brings a cached payload up to the current terms: true, or false when it must be built again (the text's
 * multi-word occurrences instead of false when they were read and moved).
 */
function follow(ctx: HandlerContext, textId: number, e: PayloadEntry): boolean | MultiOccurrence[] {
  const changes = changesSince(ctx.services, e.version);
  if (changes === null) return false;
  if (changes.length === 0) return true;
  const now = termsVersion(ctx.services);
  const touched = new Set<number>();
  let multiTouched = false;
  const multiIds = new Set(e.multi.map((m) => m.row[2]));
  for (const c of changes) {
    if ('languages' in c) {
      if (c.languages.has(e.lang.LgID)) return false;
    } else if ('termId' in c) {
      for (let f = 0; f < e.formCount; f++) if (e.term[f] === c.termId) touched.add(f);
      if (multiIds.has(c.termId)) multiTouched = true;
    } else {
      for (const r of c.refs) {
        if (r.lg !== e.lang.LgID) continue;
        const f = e.formByLC.get(r.lc);
        if (f !== undefined) touched.add(f);
        else if (r.wc > 1 || writtenWithoutSpaces(e.lang)) multiTouched = true;
        if (multiIds.has(r.id)) multiTouched = true;
      }
    }
    if (touched.size > PATCH_LIMIT) return false;
  }
  const dirty: number[] = [];
  const set = (k: number, term: number, status: number) => {
    if (e.term[k] === term && e.status[k] === status) return;
    e.term[k] = term;
    e.status[k] = status;
    dirty.push(k);
  };
  for (const f of touched) {
    const t = formTerm(ctx.sqlite, ctx.user, textId, e.formId[f]);
    set(f, t ? t[0] : 0, t ? t[1] : 0);
  }
  if (multiTouched) {
    const rows = multiOccurrences(ctx, textId, e.parsed);
    if (rows.length !== e.multi.length) return rows;
    for (let j = 0; j < rows.length; j++) {
      const [was, is] = [e.multi[j].row, rows[j].row];
      if (was[0] !== is[0] || was[1] !== is[1] || was[2] !== is[2]) return rows;
      set(e.formCount + j, is[2], is[3]);
    }
  }
  patch(e.json, dirty, e.term, e.status);
  e.version = now;
  return true;
}

/** The text's multi-word occurrences with the token they start at (rows whose start is not a word are skipped). */
function multiOccurrences(ctx: HandlerContext, textId: number, parsed: ParsedEntry): MultiOccurrence[] {
  const out: MultiOccurrence[] = [];
  for (const row of multiwordRows(ctx.sqlite, ctx.user, textId)) {
    const at = tokenAt(parsed.order, row[1]);
    if (at !== -1 && parsed.columns.formOfToken[at] !== -1) out.push({ at, row });
  }
  return out;
}

function build(
  ctx: HandlerContext,
  textId: number,
  lgId: number,
  view: View,
  key: string,
  lang: ParsingLanguage,
  parsed: ParsedEntry,
  since: number,
  multi: MultiOccurrence[] = multiOccurrences(ctx, textId, parsed),
): PayloadEntry {
  const { columns } = parsed;
  const formCount = columns.formLC.length;
  const keyCount = formCount + multi.length;
  const term = new Int32Array(keyCount);
  const status = new Int32Array(keyCount);
  const formId = new Int32Array(formCount);
  const formByLC = new Map<string, number>();
  for (const [tf, lc, order, termId, st] of textForms(ctx.sqlite, ctx.user, textId)) {
    const at = tokenAt(parsed.order, order);
    const f = at === -1 ? -1 : columns.formOfToken[at];
    if (f === -1) continue;
    formId[f] = tf;
    formByLC.set(lc, f);
    term[f] = termId;
    status[f] = st;
  }
  multi.forEach(({ row }, j) => {
    term[formCount + j] = row[2];
    status[formCount + j] = row[3];
  });
  const json = (view === 'full' ? fullJson : compactJson)(textId, lgId, parsed, multi, term, status);
  return {
    key,
    version: since,
    lang,
    parsed,
    formCount,
    formId,
    formByLC,
    multi,
    json,
    term,
    status,
  };
}

/** The text of a multi-word occurrence: its tokens from `at` through its last word. */
function multiText(parsed: ParsedEntry, at: number, count: number): string {
  let text = '';
  let words = 0;
  for (let k = at; k < parsed.order.length && words < count; k++) {
    text += tokenText(parsed, k);
    if (tokenKind(parsed, k) === 'word') words++;
  }
  return text;
}

/** Multi-word occurrences by the token they start at: [first index into `multi`, count] runs. */
function multiStarts(multi: { at: number }[]): Map<number, number[]> {
  const byToken = new Map<number, number[]>();
  multi.forEach(({ at }, j) => {
    const list = byToken.get(at);
    if (list) list.push(j);
    else byToken.set(at, [j]);
  });
  return byToken;
}

/**
 * The fixed JSON around each token's slots in the full view (built once per parse): a word is
 * `pre` id `mid` status `post`; any other token is `pre` alone. The field order is the one JSON.stringify
 * gives a ReadingItem, so the text reads the same as the objects would.
 */
function fullFragments(parsed: ParsedEntry): NonNullable<ParsedEntry['full']> {
  if (parsed.full) return parsed.full;
  const { order, sentence, columns, formHex } = parsed;
  const pre: string[] = new Array(order.length);
  const mid: string[] = new Array(order.length);
  const post: string[] = new Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const text = JSON.stringify(tokenText(parsed, i));
    const kind = tokenKind(parsed, i);
    if (kind !== 'word') {
      pre[i] = `{"Ti2Order":${order[i]},"Ti2WordCount":0,"Ti2WoID":null,"text":${text},"hex":"","status":0,"kind":"${kind}","sentence":${sentence[i]}}`;
      continue;
    }
    const reading = tokenReading(parsed, i);
    pre[i] = `{"Ti2Order":${order[i]},"Ti2WordCount":1,"Ti2WoID":`;
    mid[i] = `,"text":${text},"hex":"${formHex[columns.formOfToken[i]]}","status":`;
    post[i] = `,"kind":"word","sentence":${sentence[i]}${reading ? `,"reading":${JSON.stringify(reading)}` : ''}}`;
  }
  return (parsed.full = { pre, mid, post });
}

function fullJson(textId: number, lgId: number, parsed: ParsedEntry, multi: MultiOccurrence[], term: Int32Array, status: Int32Array): PatchableJson {
  const { order, sentence, columns } = parsed;
  const { pre, mid, post } = fullFragments(parsed);
  const formCount = columns.formLC.length;
  const starts = multiStarts(multi);
  const b = new PatchableJsonBuilder();
  b.text(`{"TxID":${textId},"TxLgID":${lgId},"items":[`);
  for (let i = 0; i < order.length; i++) {
    if (i > 0) b.text(',');
    b.text(pre[i]);
    if (mid[i] === undefined) continue;
    const f = columns.formOfToken[i];
    b.slot(f, SLOT_ID_OR_NULL, term[f], status[f]);
    b.text(mid[i]);
    b.slot(f, SLOT_STATUS, term[f], status[f]);
    b.text(post[i]);
    for (const j of starts.get(i) ?? []) {
      const [count, , , , termLC] = multi[j].row;
      const k = formCount + j;
      b.text(`,{"Ti2Order":${order[i]},"Ti2WordCount":${count},"Ti2WoID":`);
      b.slot(k, SLOT_ID_OR_NULL, term[k], status[k]);
      b.text(`,"text":${JSON.stringify(multiText(parsed, i, count))},"hex":"${hexOf(termLC!)}","status":`);
      b.slot(k, SLOT_STATUS, term[k], status[k]);
      b.text(`,"kind":"word","sentence":${sentence[i]}}`);
    }
  }
  b.text(']}');
  return b.finish(formCount + multi.length);
}

/** The compact view (docs/api.md): each distinct token text once, items as parallel arrays. */
function compactJson(textId: number, lgId: number, parsed: ParsedEntry, multi: MultiOccurrence[], term: Int32Array, status: Int32Array): PatchableJson {
  const { columns, formHex } = parsed;
  const formCount = columns.formLC.length;
  const starts = multiStarts(multi);
  const formIndex = new Map<string, number>();
  const forms: CompactReadingItems['forms'] = [];
  const formOf = (text: string, hex: string, kind: CompactReadingItems['forms'][number][2]) => {
    const k = `${kind}\u0000${text}`;
    let f = formIndex.get(k);
    if (f === undefined) {
      formIndex.set(k, (f = forms.length));
      forms.push([text, hex, kind]);
    }
    return f;
  };
  const order: number[] = [];
  const wordCount: number[] = [];
  const form: number[] = [];
  const sentence: number[] = [];
  /** Per item: its key, or -1 for an item without a term (punctuation, spaces). */
  const itemKey: number[] = [];
  let readings: Record<number, string> | undefined;
  for (let i = 0; i < parsed.order.length; i++) {
    const f = columns.formOfToken[i];
    const reading = f === -1 ? undefined : tokenReading(parsed, i);
    if (reading) (readings ??= {})[order.length] = reading;
    order.push(parsed.order[i]);
    wordCount.push(f === -1 ? 0 : 1);
    form.push(formOf(tokenText(parsed, i), f === -1 ? '' : formHex[f], tokenKind(parsed, i)));
    sentence.push(parsed.sentence[i]);
    itemKey.push(f);
    for (const j of starts.get(i) ?? []) {
      const [count, , , , termLC] = multi[j].row;
      order.push(parsed.order[i]);
      wordCount.push(count);
      form.push(formOf(multiText(parsed, i, count), hexOf(termLC!), 'word'));
      sentence.push(parsed.sentence[i]);
      itemKey.push(formCount + j);
    }
  }
  const b = new PatchableJsonBuilder();
  b.text(
    `{"TxID":${textId},"TxLgID":${lgId},"forms":${JSON.stringify(forms)},"items":{"order":[${order.join(',')}],"wordCount":[${wordCount.join(',')}],"termId":[`,
  );
  const slots = (kind: typeof SLOT_ID_OR_ZERO | typeof SLOT_STATUS) => {
    for (let i = 0; i < itemKey.length; i++) {
      if (i > 0) b.text(',');
      const k = itemKey[i];
      if (k === -1) b.text('0');
      else b.slot(k, kind, term[k], status[k]);
    }
  };
  slots(SLOT_ID_OR_ZERO);
  b.text('],"status":[');
  slots(SLOT_STATUS);
  b.text(`],"form":[${form.join(',')}],"sentence":[${sentence.join(',')}]}${readings ? `,"readings":${JSON.stringify(readings)}` : ''}}`);
  return b.finish(formCount + multi.length);
}
