// Runs in: main. Moving in from LWT and Lute: the file is parsed off the main thread (runInWorker, heap cap,
// deadline, decompressed-size cap), languages are matched by name (merge or rename), and everything is stored in
// one transaction: languages through the languages module, terms through the terms module's bulk import (one
// term per text: a second run skips them), texts, their tags and feeds through theirs (a feed whose language the
// file lacks only where the learner gave it one: orphan-feeds.ts). Texts are parsed right after the transaction.
import type { z } from 'zod';
import { badRequest } from '../../../src-shared/contract/errors';
import type { ImportCounts, ImportLanguagePreview, MigrationPreview, MigrationResult, migrateContract, TermMerge } from '../../../src-shared/contract/migrate';
import type { ImportPlan, PlanLanguage } from '../../../src-shared/migrate/plan';
import type { HandlerContext } from '../../core/context';
import { runInWorker } from '../../core/worker';
import { createLanguage } from '../languages';
import { importTerms, termDiffers, termsByText } from '../terms';
import { bookFromTexts } from '../books';
import { createTextsToParse, ensureParsed, getTextRow } from '../texts';
import { setTagsOfTexts } from '../text-tags';
import { addImportedFeeds } from '../feeds';
import * as repo from './repo';
import { orphanFeeds, orphanFeedTargets } from './orphan-feeds';
import { messageText, msg } from '../../../src-shared/contract/messages';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { transact } from '../../db/sql';

type NewImportedText = Parameters<typeof createTextsToParse>[1][number];
type NewImportedFeed = Parameters<typeof addImportedFeeds>[1][number];
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
  return runInWorker<ImportPlan>(
    source === 'lwt' ? 'migrate.lwt' : 'migrate.lute',
    { data },
    {
      maxHeapMb: 768,
      timeoutMs: 120_000,
      tooComplexMessage: msg('migrate.tooComplex', { tool: TOOL[source] }),
    },
  );
}

const DUPLICATES: Record<TermMerge, 'fill' | 'skip' | 'overwrite'> = { fill: 'fill', keep: 'skip', theirs: 'overwrite' };
const DIFFERING_SHOWN = 20;

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

  const stored = transact(ctx, () => {
    const ids = new Map<number, number>();
    let createdLanguages = 0;
    let mergedLanguages = 0;
    for (const r of resolved) {
      if (r.existingId !== undefined) {
        ids.set(r.plan.sourceId, r.existingId);
        mergedLanguages++;
        continue;
      }
      const { sourceId: _id, placeholder: _p, ...fields } = r.plan;
      const created = createLanguage(ctx, {
        ...fields,
        LgName: r.preview.targetName,
        LgIsoCode: /^[a-z]{2,3}$/.test(fields.LgIsoCode) ? fields.LgIsoCode : undefined,
      });
      ids.set(r.plan.sourceId, created.LgID);
      createdLanguages++;
    }
    let createdTerms = 0;
    let updatedTerms = 0;
    let skippedTerms = 0;
    for (const [sourceId, lgId] of ids) {
      const rows = plan.terms
        .filter((t) => t.language === sourceId)
        .map((t) => ({
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
        }));
      if (!rows.length) continue;
      const result = importTerms(ctx, lgId, rows, { duplicates: DUPLICATES[input.merge ?? 'fill'], source: 'moved-in' });
      createdTerms += result.created;
      updatedTerms += result.updated;
      skippedTerms += result.skipped;
    }
    let skippedTexts = 0;
    // Lute's books: their pages are stored as texts, then gathered into a book when every page is new.
    const books = new Map<string, { languageId: number; title: string; sourceUri: string; pages: (number | null)[]; current: number }>();
    const bookOf = (t: (typeof plan.texts)[number], lgId: number) => {
      if (!t.book) return null;
      let b = books.get(t.book.key);
      if (!b) books.set(t.book.key, (b = { languageId: lgId, title: t.book.title, sourceUri: t.TxSourceURI, pages: [], current: 1 }));
      if (t.book.current) b.current = t.book.page;
      return b;
    };
    // New texts are gathered and handed to the texts module in one call (text tags to text-tags); a text the
    // plan repeats is stored once, as when each was checked against the rows stored before it.
    const fresh: { row: NewImportedText; tags: string[]; book: ReturnType<typeof bookOf>; page: number }[] = [];
    const seen = new Set<string>();
    for (const t of plan.texts) {
      const lgId = ids.get(t.language)!;
      const book = bookOf(t, lgId);
      const key = JSON.stringify([lgId, t.TxTitle, t.TxText]);
      if (seen.has(key) || repo.textExists(ctx.sqlite, ctx.user, lgId, t.TxTitle, t.TxText)) {
        book?.pages.push(null);
        skippedTexts++;
        continue;
      }
      seen.add(key);
      const row: NewImportedText = {
        TxLgID: lgId,
        TxTitle: t.TxTitle,
        TxText: t.TxText,
        TxAudioURI: /^https?:\/\//i.test(t.TxAudioURI) ? t.TxAudioURI : '',
        TxSourceURI: /^https?:\/\//i.test(t.TxSourceURI) ? t.TxSourceURI : '',
        TxArchived: t.TxArchived,
        TxCreated: t.TxCreated,
        TxFinishedAt: t.TxFinishedAt ?? null,
      };
      fresh.push({ row, tags: t.tags, book, page: book ? book.pages.push(null) - 1 : -1 });
    }
    const textIds = createTextsToParse(
      ctx,
      fresh.map((f) => f.row),
    );
    fresh.forEach((f, i) => {
      if (f.book) f.book.pages[f.page] = textIds[i];
    });
    setTagsOfTexts(
      ctx,
      fresh.flatMap((f, i) => (f.tags.length ? [{ textId: textIds[i], names: f.tags }] : [])),
    );
    let createdBooks = 0;
    let skippedBooks = 0;
    for (const [key, b] of books) {
      const pages = b.pages.filter((id): id is number => id !== null);
      const created =
        pages.length === b.pages.length &&
        bookFromTexts(ctx, {
          languageId: b.languageId,
          title: b.title,
          sourceUri: b.sourceUri,
          sourceKey: key,
          chapters: pages.map((textId, i) => ({ title: `Page ${i + 1}`, textId })),
          currentChapter: b.current,
        }) !== null;
      if (created) createdBooks++;
      else skippedBooks++;
    }
    const newFeeds: NewImportedFeed[] = [];
    let skippedFeeds = 0;
    const seenFeeds = new Set<string>();
    for (const [index, f] of plan.feeds.entries()) {
      const lgId = ids.get(f.language) ?? feedTargets.get(index);
      if (lgId === undefined) {
        skippedFeeds++;
        continue;
      }
      const key = JSON.stringify([lgId, f.NfSourceURI]);
      if (seenFeeds.has(key) || repo.feedExists(ctx.sqlite, ctx.user, lgId, f.NfSourceURI)) {
        skippedFeeds++;
        continue;
      }
      seenFeeds.add(key);
      newFeeds.push({ ...f, NfLgID: lgId });
    }
    const createdFeeds = addImportedFeeds(ctx, newFeeds).length;
    return {
      createdLanguages,
      mergedLanguages,
      createdTerms,
      updatedTerms,
      skippedTerms,
      textIds,
      skippedTexts,
      createdFeeds,
      skippedFeeds,
      createdBooks,
      skippedBooks,
    };
  });

  // Parsing is derived data: a text that fails to parse now is parsed when it is opened. A text a turn of the event
  // loop: requests are answered between texts, not after the whole library (issue 34).
  for (const id of stored.textIds) {
    await yieldToEventLoop();
    try {
      await ensureParsed(ctx, getTextRow(ctx, id));
    } catch (err) {
      ctx.log.warn(`Imported text ${id} is parsed when it is opened`, err);
    }
  }
  ctx.services.database?.afterLargeImport();
  return {
    source,
    preview: false,
    counts: counts(plan),
    created: {
      languages: stored.createdLanguages,
      terms: stored.createdTerms,
      texts: stored.textIds.length,
      feeds: stored.createdFeeds,
      books: stored.createdBooks,
    },
    merged: { languages: stored.mergedLanguages, terms: stored.updatedTerms },
    moved_in: { terms: stored.createdTerms, texts: stored.textIds.length, since: earliestSourceDate(plan) },
    skipped: { terms: stored.skippedTerms, texts: stored.skippedTexts, feeds: stored.skippedFeeds, books: stored.skippedBooks },
    languages,
    ...said,
  };
}
