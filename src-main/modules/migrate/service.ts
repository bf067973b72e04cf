// Runs in: main. Moving in from LWT and Lute: the file is parsed off the main thread (runInWorker, heap cap,
// deadline, decompressed-size cap), languages are matched by name (merge or rename), then stored in three steps:
// languages through the languages module (one transaction), terms through the terms module's bulk import (one term
// per text: a second run skips them) a slice per transaction, texts, their tags and feeds through theirs in one
// transaction (store-texts.ts; a feed whose language the file lacks only where the learner gave it one:
// orphan-feeds.ts). A failed step undoes the ones before it; a move killed midway is undone at the next start
// (interrupted.ts: its journal is written with its steps). Texts are parsed after, one per turn of the loop.
import type { z } from 'zod';
import { badRequest } from '../../../src-shared/contract/errors';
import type { ImportCounts, ImportLanguagePreview, MigrationPreview, MigrationResult, migrateContract, TermMerge } from '../../../src-shared/contract/migrate';
import type { ImportPlan, PlanLanguage } from '../../../src-shared/migrate/plan';
import type { HandlerContext } from '../../core/context';
import { runInWorker } from '../../core/worker';
import { refreshBookProgress } from '../books';
import { createLanguage, deleteLanguage } from '../languages';
import { discardCreatedTerms, IMPORT_SLICE_ROWS, importTerms, importTermsInSlices, termDiffers, termsByText } from '../terms';
import { parseStoredTexts } from '../texts';
import * as repo from './repo';
import { orphanFeeds, orphanFeedTargets } from './orphan-feeds';
import { storeTextsBooksFeeds, type StoredTexts } from './store-texts';
import { beginMove, endMove, recordMoveTerms } from './interrupted';
import type { PackedPlan } from './parse-worker';
import { messageText, msg } from '../../../src-shared/contract/messages';
import { yieldToEventLoop } from '../../core/slices';
import { transact } from '../../db/sql';

type ImportInput = z.output<(typeof migrateContract)['import.lwt']['input']>;
type Source = 'lwt' | 'lute';

const TOOL: Record<Source, string> = { lwt: 'LWT', lute: 'Lute' };
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

interface Resolved {
  plan: PlanLanguage;
  preview: ImportLanguagePreview;
  existingId?: number;
}

function counts(plan: ImportPlan): ImportCounts {
  return {
    languages: plan.languages.length,
    terms: plan.terms.length,
    texts: plan.texts.filter((t) => !t.TxArchived).length,
    archivedTexts: plan.texts.filter((t) => t.TxArchived).length,
    feeds: plan.feeds.length,
    books: new Set(plan.texts.flatMap((t) => (t.book ? [t.book.key] : []))).size,
    termTags: new Set(plan.terms.flatMap((t) => t.tags)).size,
  };
}

function validCharacterClass(chars: string): boolean {
  if (!chars) return true;
  try {
    new RegExp(`[${chars}]`, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Each language of the file: a new one, merged into the caller's language of that name, or renamed. */
function resolveLanguages(ctx: HandlerContext, plan: ImportPlan, mode: 'merge' | 'rename'): Resolved[] {
  const tool = TOOL[plan.source];
  return plan.languages.map((l) => {
    const per = (list: { language: number }[]) => list.filter((x) => x.language === l.sourceId).length;
    const existing = repo.languageByName(ctx.sqlite, ctx.user, l.LgName);
    let action: ImportLanguagePreview['action'] = existing ? mode : 'create';
    let targetName = existing?.LgName ?? l.LgName;
    let existingId = existing?.LgID;
    if (existing && mode === 'rename') {
      const suffix = ` (${tool})`;
      targetName = l.LgName.slice(0, 40 - suffix.length) + suffix;
      // An earlier import with rename made it already: use that one (a second run adds nothing).
      const renamed = repo.languageByName(ctx.sqlite, ctx.user, targetName);
      existingId = renamed?.LgID;
      if (renamed) targetName = renamed.LgName;
    }
    if (existing && mode === 'merge') action = 'merge';
    return {
      plan: l,
      existingId,
      preview: {
        name: l.LgName,
        targetName,
        conflict: !!existing,
        action,
        placeholder: !!l.placeholder,
        terms: per(plan.terms),
        texts: per(plan.texts),
        feeds: per(plan.feeds),
      },
    };
  });
}

async function parse(ctx: HandlerContext, source: Source, data: Uint8Array): Promise<ImportPlan> {
  if (data.byteLength === 0) throw badRequest(msg('migrate.empty'));
  if (data.byteLength > MAX_UPLOAD_BYTES) throw badRequest(msg('migrate.tooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }));
  const packed = await runInWorker<PackedPlan>(
    source === 'lwt' ? 'migrate.lwt' : 'migrate.lute',
    { data },
    {
      maxHeapMb: 768,
      timeoutMs: 120_000,
      tooComplexMessage: msg('migrate.tooComplex', { tool: TOOL[source] }),
    },
  );
  // The terms come back as JSON slices (parse-worker.ts): read one per turn of the event loop.
  const terms: ImportPlan['terms'] = [];
  for (const slice of packed.termSlices) {
    await yieldToEventLoop();
    for (const term of JSON.parse(slice) as ImportPlan['terms']) terms.push(term);
  }
  return { ...packed.plan, terms };
}

const DUPLICATES: Record<TermMerge, 'fill' | 'skip' | 'overwrite'> = { fill: 'fill', keep: 'skip', theirs: 'overwrite' };
const DIFFERING_SHOWN = 20;

type TermRow = Parameters<typeof importTerms>[2][number];
type PlanTerm = ImportPlan['terms'][number];
/** Plan terms looked at per turn of the event loop while picking each text's row. */
const PICK_PER_TURN = 10_000;

/**
 * The file's terms of one language, each text once — the first when keeping mine, the last otherwise, as importTerms
 * decides within one call — so that slices never meet a text of their own import. The loop turns every
 * PICK_PER_TURN terms.
 */
async function termsOfLanguage(plan: ImportPlan, sourceId: number, merge: TermMerge): Promise<{ terms: PlanTerm[]; repeated: number }> {
  const byText = new Map<string, PlanTerm>();
  let repeated = 0;
  for (let i = 0; i < plan.terms.length; i++) {
    if (i > 0 && i % PICK_PER_TURN === 0) await yieldToEventLoop();
    const t = plan.terms[i];
    if (t.language !== sourceId) continue;
    const key = t.WoText.trim().toLowerCase();
    if (byText.has(key)) {
      repeated++;
      if (DUPLICATES[merge] === 'skip') continue;
      byText.delete(key);
    }
    byText.set(key, t);
  }
  return { terms: [...byText.values()], repeated };
}

const termRow = (t: PlanTerm, lgId: number): TermRow => ({
  WoLgID: lgId,
  WoText: t.WoText,
  WoStatus: t.WoStatus,
  WoTranslation: t.WoTranslation,
  WoRomanization: t.WoRomanization,
  WoSentence: t.WoSentence,
  WoNotes: t.WoNotes,
  ...(t.WoLemma ? { WoLemma: t.WoLemma } : {}),
  TermTags: { TagList: t.tags },
  WoCreated: t.WoCreated,
  WoStatusChanged: t.WoStatusChanged,
});

/** A move that failed part-way: the terms it created, then the languages it created (with what they hold), go again. */
async function undoMove(ctx: HandlerContext, termIds: readonly number[], languageIds: readonly number[]): Promise<void> {
  await discardCreatedTerms(ctx, termIds);
  for (const id of languageIds) deleteLanguage(ctx, id);
}

/** The file's terms that meet a different term of the learner's, in the languages merged into existing ones. */
function differingTerms(ctx: HandlerContext, plan: ImportPlan, resolved: Resolved[]): MigrationPreview['differing'] {
  const out: MigrationPreview['differing'] = { count: 0, terms: [] };
  for (const r of resolved) {
    if (r.existingId === undefined) continue;
    const theirs = plan.terms.filter((t) => t.language === r.plan.sourceId);
    const mine = termsByText(
      ctx,
      r.existingId,
      theirs.map((t) => t.WoText.toLowerCase()),
    );
    for (const t of theirs) {
      const m = mine.get(t.WoText.toLowerCase());
      if (!m || !termDiffers(m, t)) continue;
      out.count++;
      if (out.terms.length < DIFFERING_SHOWN)
        out.terms.push({
          language: r.preview.targetName,
          text: m.WoText,
          mine: { status: m.WoStatus, translation: m.WoTranslation },
          theirs: { status: t.WoStatus, translation: t.WoTranslation },
        });
    }
  }
  return out;
}

/** The earliest date the source kept for a term or text (epoch ms), or null: where the summary's history starts. */
function earliestSourceDate(plan: ImportPlan): number | null {
  let earliest: number | null = null;
  for (const d of [...plan.terms.map((t) => t.WoCreated), ...plan.texts.map((t) => t.TxCreated)])
    if (d !== undefined && (earliest === null || d < earliest)) earliest = d;
  return earliest;
}

export async function importFile(ctx: HandlerContext, source: Source, input: ImportInput): Promise<MigrationPreview | MigrationResult> {
  const plan = await parse(ctx, source, input.file.data);
  const notes = [...plan.notes];
  for (const l of plan.languages) {
    if (!validCharacterClass(l.LgRegexpWordCharacters)) {
      notes.push(msg('migrate.noteBadWordChars', { language: l.LgName }));
      l.LgRegexpWordCharacters = '';
    }
  }
  const resolved = resolveLanguages(ctx, plan, input.conflicts ?? 'merge');
  const languages = resolved.map((r) => r.preview);
  // Notes in English for API clients, and by code for the interface language.
  const said = { notes: notes.map(messageText), note_messages: notes };
  const orphans = orphanFeeds(plan);
  if (input.preview)
    return { source, preview: true, counts: counts(plan), languages, differing: differingTerms(ctx, plan, resolved), orphan_feeds: orphans, ...said };
  // Checked before anything is stored: a language that is not the caller's refuses the whole import (not found).
  const feedTargets = orphanFeedTargets(ctx, orphans, input.feed_languages);

  // Languages first, in one short transaction; then the terms a slice per transaction with the loop free between
  // (a backup of 100,000 terms held every other write for seconds in one); then texts, books and feeds in one. A
  // failure at any step undoes the steps before it (undoMove), so the library is as before.
  const langs = transact(ctx, () => {
    const ids = new Map<number, number>();
    const created: number[] = [];
    let mergedLanguages = 0;
    for (const r of resolved) {
      if (r.existingId !== undefined) {
        ids.set(r.plan.sourceId, r.existingId);
        mergedLanguages++;
        continue;
      }
      const { sourceId: _id, placeholder: _p, ...fields } = r.plan;
      const lang = createLanguage(ctx, {
        ...fields,
        LgName: r.preview.targetName,
        LgIsoCode: /^[a-z]{2,3}$/.test(fields.LgIsoCode) ? fields.LgIsoCode : undefined,
      });
      ids.set(r.plan.sourceId, lang.LgID);
      created.push(lang.LgID);
    }
    return { ids, created, mergedLanguages, moveId: beginMove(ctx, source, created) };
  });
  const ids = langs.ids;
  const createdTermIds: number[] = [];
  let updatedTerms = 0;
  let skippedTerms = 0;
  let stored: StoredTexts;
  try {
    for (const [sourceId, lgId] of ids) {
      const { terms, repeated } = await termsOfLanguage(plan, sourceId, input.merge ?? 'fill');
      skippedTerms += repeated;
      if (!terms.length) continue;
      const result = await importTermsInSlices(
        ctx,
        lgId,
        Math.ceil(terms.length / IMPORT_SLICE_ROWS),
        (i) => terms.slice(i * IMPORT_SLICE_ROWS, (i + 1) * IMPORT_SLICE_ROWS).map((t) => termRow(t, lgId)),
        { duplicates: DUPLICATES[input.merge ?? 'fill'], source: 'moved-in', onCreated: recordMoveTerms(ctx, langs.moveId) },
      );
      createdTermIds.push(...result.created);
      updatedTerms += result.updated;
      skippedTerms += result.skipped;
    }
    // The last step ends the journal in its transaction: from its commit on, the move is whole.
    stored = transact(ctx, () => {
      const texts = storeTextsBooksFeeds(ctx, plan, ids, feedTargets);
      endMove(ctx, langs.moveId);
      return texts;
    });
  } catch (err) {
    await undoMove(ctx, createdTermIds, langs.created);
    transact(ctx, () => endMove(ctx, langs.moveId));
    throw err;
  }

  // Parsing is derived data: a text that fails to parse now is parsed when it is opened. A few texts a turn of the
  // event loop: requests are answered between, not after the whole library (issue 34).
  await parseStoredTexts(ctx, stored.textIds, (id, err) => ctx.log.warn(`Imported text ${id} is parsed when it is opened`, err));
  // Parsed: a moved-in book's progress is the words of its pages read, as for every book.
  if (stored.createdBooks.length) transact(ctx, () => stored.createdBooks.forEach((id) => refreshBookProgress(ctx, id)));
  ctx.services.database?.afterLargeImport();
  return {
    source,
    preview: false,
    counts: counts(plan),
    created: {
      languages: langs.created.length,
      terms: createdTermIds.length,
      texts: stored.textIds.length,
      feeds: stored.createdFeeds,
      books: stored.createdBooks.length,
    },
    merged: { languages: langs.mergedLanguages, terms: updatedTerms },
    moved_in: { terms: createdTermIds.length, texts: stored.textIds.length, since: earliestSourceDate(plan) },
    skipped: { terms: skippedTerms, texts: stored.skippedTexts, feeds: stored.skippedFeeds, books: stored.skippedBooks },
    left_out: { feeds: stored.feedsLeftOut },
    languages,
    ...said,
  };
}
