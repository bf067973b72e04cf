// Runs in: main. Annotating text that is not stored (a web page's visible blocks, issue 28) by the reader's own
// rules: the language's parser (Japanese through the same morphological analyzer), the multi-word index, the
// caller's statuses and the lemma-family hints; answered per block in the compact /words view's shape, or (`spans`,
// the extension's) with only what colouring a page needs.
import {
  ANNOTATE_MAX_BLOCK_CHARS,
  ANNOTATE_MAX_BLOCKS,
  ANNOTATE_MAX_TOTAL_CHARS,
  type AnnotatedBlock,
  type AnnotatedSpansBlock,
  type AnnotateResult,
  type AnnotateSpans,
} from '../../../src-shared/contract/extension';
import type { ReadingItem } from '../../../src-shared/contract/reader';
import { AppError, notFound } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import { BREAK, KIND_NAMES, SPACE, tokenTextAt, WORD, type ParsedColumns } from '../../../src-shared/text/token-columns';
import { lowerForm } from '../../../src-shared/text/sha256';
import type { MultiwordMatch } from '../../../src-shared/text/multiword';
import type { HandlerContext } from '../../core/context';
import { parsingLanguage, type ParsingLanguage } from '../languages';
import { matcherFor, parseNow, prepareAnalyzer } from '../analysis';
import { familyColumn, hexOf } from '../reader';
import * as repo from './repo';

const KNOWN = new Set([5, 98, 99]);

/** Refuses, before any parsing, what is over the caps, naming the block and the limit. */
export function checkCaps(blocks: readonly { id: string; text: string }[]): void {
  if (blocks.length > ANNOTATE_MAX_BLOCKS) throw new AppError(413, msg('annotate.tooManyBlocks', { count: blocks.length, max: ANNOTATE_MAX_BLOCKS }));
  let total = 0;
  for (const b of blocks) {
    if (b.text.length > ANNOTATE_MAX_BLOCK_CHARS)
      throw new AppError(413, msg('annotate.blockTooLong', { id: b.id.slice(0, 64), length: b.text.length, max: ANNOTATE_MAX_BLOCK_CHARS }));
    total += b.text.length;
  }
  if (total > ANNOTATE_MAX_TOTAL_CHARS) throw new AppError(413, msg('annotate.totalTooLong', { length: total, max: ANNOTATE_MAX_TOTAL_CHARS }));
}

interface Parsed {
  id: string;
  cols: ParsedColumns;
  lowered: (string | undefined)[];
  matches: Map<number, MultiwordMatch<number>[]>;
}

interface Prepared {
  lang: ParsingLanguage;
  parsed: Parsed[];
  /** The caller's single-word terms by WoTextLC, multi-word terms by id. */
  single: Map<string, repo.TermRow>;
  multi: Map<number, repo.TermRow>;
}

export interface AnnotateInput {
  language_id: number;
  blocks: { id: string; text: string }[];
  format?: 'items' | 'spans';
}

export async function annotate(ctx: HandlerContext, input: AnnotateInput): Promise<AnnotateResult | AnnotateSpans> {
  const prepared = await prepare(ctx, input);
  return input.format === 'spans' ? spans(ctx, prepared, input.blocks) : items(ctx, prepared);
}

/** Parses every block and reads the caller's terms they contain. */
async function prepare(ctx: HandlerContext, input: AnnotateInput): Promise<Prepared> {
  checkCaps(input.blocks);
  const lang = parsingLanguage(ctx, input.language_id);
  if (!lang) throw notFound(msg('language.notFound'));
  await prepareAnalyzer(lang);
  const matcher = matcherFor(ctx, lang);

  // 1. Parse every block; collect the distinct lowercased word forms and the multi-word matches.
  const words = new Set<string>();
  const multiIds = new Set<number>();
  const parsed: Parsed[] = input.blocks.map((b) => {
    const cols = parseNow(b.text, lang)!;
    const lowered: (string | undefined)[] = new Array(cols.count);
    for (let i = 0; i < cols.count; i++) {
      if (cols.kind[i] !== WORD) continue;
      const lc = lowerForm(tokenTextAt(cols, i));
      lowered[i] = lc;
      words.add(lc);
    }
    const matches = new Map<number, MultiwordMatch<number>[]>();
    for (const m of matcher.findInSequence({
      count: cols.count,
      isWord: (i) => cols.kind[i] === WORD,
      order: (i) => cols.order[i],
      lowered: (i) => lowered[i]!,
      nonWord: (i) => (cols.kind[i] === BREAK ? null : cols.kind[i] === SPACE ? ' ' : lowerForm(tokenTextAt(cols, i))),
    })) {
      multiIds.add(m.id);
      const list = matches.get(m.tokenIndex);
      if (list) list.push(m);
      else matches.set(m.tokenIndex, [m]);
    }
    return { id: b.id, cols, lowered, matches };
  });

  // 2. The caller's terms: single words by text, multi-word terms by id (one query each).
  const single = new Map<string, repo.TermRow>();
  for (const r of repo.singleWordTerms(ctx.sqlite, ctx.user, lang.LgID, [...words])) single.set(r.lc, r);
  const multi = new Map<number, repo.TermRow>();
  for (const r of repo.termsById(ctx.sqlite, ctx.user, lang.LgID, [...multiIds])) multi.set(r.id, r);
  return { lang, parsed, single, multi };
}

/** The compact reader view's shape: items per block (words, spaces, punctuation), forms shared by all blocks. */
function items(ctx: HandlerContext, { lang, parsed, single, multi }: Prepared): AnnotateResult {
  const forms: AnnotateResult['forms'] = [];
  const formIndex = new Map<string, number>();
  const wordFormLC: string[] = [];
  const wordFormOf = new Map<number, number>();
  const formOf = (text: string, hex: string, kind: ReadingItem['kind'], lc?: string): number => {
    const key = kind === 'word' ? `w${text}` : `${kind[0]}${text}`;
    let f = formIndex.get(key);
    if (f === undefined) {
      f = forms.length;
      forms.push([text, hex, kind]);
      formIndex.set(key, f);
      if (lc !== undefined) {
        wordFormOf.set(f, wordFormLC.length);
        wordFormLC.push(lc);
      }
    }
    return f;
  };
  let running = 0;
  let knownRunning = 0;
  const unknownForms = new Set<string>();
  const hinted = new Map<number, repo.TermRow>();
  const blocks: AnnotatedBlock[] = parsed.map(({ id, cols, lowered, matches }) => {
    const items: AnnotatedBlock['items'] = { order: [], wordCount: [], termId: [], status: [], form: [], sentence: [] };
    let readings: Record<number, string> | undefined;
    for (let i = 0; i < cols.count; i++) {
      const text = tokenTextAt(cols, i);
      const kind = KIND_NAMES[cols.kind[i]];
      const lc = lowered[i];
      const term = lc === undefined ? undefined : single.get(lc);
      items.order.push(cols.order[i]);
      items.sentence.push(cols.sentence[i]);
      if (lc === undefined) {
        items.wordCount.push(0);
        items.termId.push(0);
        items.status.push(0);
        items.form.push(formOf(text, '', kind));
        continue;
      }
      running++;
      if (term && KNOWN.has(term.status)) knownRunning++;
      if (!term) unknownForms.add(lc);
      else if (term.translation || term.romanization) hinted.set(term.id, term);
      const reading = cols.readings?.[i];
      if (reading) (readings ??= {})[items.order.length - 1] = reading;
      items.wordCount.push(1);
      items.termId.push(term?.id ?? 0);
      items.status.push(term?.status ?? 0);
      items.form.push(formOf(text, hexOf(lc), 'word', lc));
      for (const m of matches.get(i) ?? []) {
        const t = multi.get(m.id);
        if (!t) continue;
        if (t.translation || t.romanization) hinted.set(t.id, t);
        let mtext = '';
        for (let k = i, seen = 0; k < cols.count && seen < m.wordCount; k++) {
          mtext += tokenTextAt(cols, k);
          if (cols.kind[k] === WORD) seen++;
        }
        items.order.push(cols.order[i]);
        items.sentence.push(cols.sentence[i]);
        items.wordCount.push(m.wordCount);
        items.termId.push(t.id);
        items.status.push(t.status);
        items.form.push(formOf(mtext, hexOf(t.lc), 'word'));
      }
    }
    return readings ? { id, items, readings } : { id, items };
  });

  // 4. Lemma families of the word forms without a term, as the reader computes them (indexes into `forms`).
  const byWordForm = familyColumn(ctx, lang.LgID, wordFormLC, (k) => single.has(wordFormLC[k]));
  const formOfWordForm = new Map<number, number>();
  for (const [f, k] of wordFormOf) formOfWordForm.set(k, f);
  const families = { form: byWordForm.form.map((k) => formOfWordForm.get(k)!), lemma: byWordForm.lemma, status: byWordForm.status };

  const terms: AnnotateResult['terms'] = { id: [], translation: [], romanization: [] };
  for (const t of hinted.values()) {
    terms.id.push(t.id);
    terms.translation.push(t.translation);
    terms.romanization.push(t.romanization);
  }
  return {
    language_id: lang.LgID,
    forms,
    blocks,
    families,
    terms,
    counts: { words: running, unknown: unknownForms.size, known_pct: running === 0 ? 0 : Math.round((knownRunning / running) * 1000) / 10 },
  };
}

/**
 * What colouring a page needs: per block, each word's place in the block's text (found in order, as the page's text
 * nodes hold it), its distinct form, the multi-word occurrences and the sentences' spans.
 */
function spans(ctx: HandlerContext, { lang, parsed, single, multi }: Prepared, sent: readonly { text: string }[]): AnnotateSpans {
  const words: AnnotateSpans['words'] = { lc: [], status: [], termId: [] };
  const wordOf = new Map<string, number>();
  const multis: AnnotateSpans['multis'] = { lc: [], status: [], termId: [] };
  const multiOf = new Map<number, number>();
  let running = 0;
  let knownRunning = 0;
  const unknown = new Set<number>();
  const blocks = parsed.map(({ id, cols, lowered, matches }, b): AnnotatedSpansBlock => {
    const text = sent[b].text;
    const w: number[] = [];
    const m: number[] = [];
    let readings: Record<number, string> | undefined;
    let pos = 0;
    let word = 0;
    for (let i = 0; i < cols.count; i++) {
      const lc = lowered[i];
      if (lc === undefined) continue;
      let f = wordOf.get(lc);
      if (f === undefined) {
        const term = single.get(lc);
        f = words.lc.length;
        wordOf.set(lc, f);
        words.lc.push(lc);
        words.status.push(term?.status ?? 0);
        words.termId.push(term?.id ?? 0);
      }
      running++;
      if (KNOWN.has(words.status[f])) knownRunning++;
      if (words.termId[f] === 0) unknown.add(f);
      const piece = tokenTextAt(cols, i);
      const at = text.indexOf(piece, pos);
      if (at === -1) w.push(-1, 0, f);
      else {
        w.push(at - pos, piece.length, f);
        pos = at + piece.length;
      }
      const reading = cols.readings?.[i];
      if (reading) (readings ??= {})[word] = reading;
      for (const match of matches.get(i) ?? []) {
        const t = multi.get(match.id);
        if (!t) continue;
        let k = multiOf.get(t.id);
        if (k === undefined) {
          k = multis.lc.length;
          multiOf.set(t.id, k);
          multis.lc.push(t.lc);
          multis.status.push(t.status);
          multis.termId.push(t.id);
        }
        m.push(word, match.wordCount, k);
      }
      word++;
    }
    return readings ? { id, w, s: cols.sentenceSpans, m, readings } : { id, w, s: cols.sentenceSpans, m };
  });
  const families = familyColumn(ctx, lang.LgID, words.lc, (k) => words.termId[k] !== 0);
  return {
    language_id: lang.LgID,
    format: 'spans',
    words,
    multis,
    hints: { word: families.form, lemma: families.lemma },
    blocks,
    counts: { words: running, unknown: unknown.size, known_pct: running === 0 ? 0 : Math.round((knownRunning / running) * 1000) / 10 },
  };
}
