// Runs in: main. Rules of the Anki round trip: which language an export covers, what a re-imported note changes
// (SPEC state table), and what the inspect step tells the deck-import wizard. Create-only import: deck-import.ts.
import { badRequest, notFound } from '../../../src-shared/contract/errors';
import { UploadedTempFile, type FileResult } from '../../../src-shared/contract/endpoint';
import type { ApkgUpload, InspectResult, ReimportSummary } from '../../../src-shared/contract/apkg';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { cleanDeckField } from '../../../src-shared/anki/fields';
import {
  changesFromNote,
  exportFileName,
  LECTIO_ID_FIELD,
  LECTIO_NOTE_TYPE_ID,
  LECTIO_NOTE_TYPE_NAME,
  parseAnkiTags,
  statusAfterReimport,
  SUSPENDED_QUEUE,
  termIdFromField,
  termIdFromGuid,
} from '../../../src-shared/anki/mapping';
import type { HandlerContext } from '../../core/context';
import { findLanguage, listLanguages } from '../languages';
import { getSetting } from '../settings';
import { updateReimportedTerms, type ReimportedTerm } from '../terms';
import { runInWorker } from '../../core/worker';
import type { OpenedPackage } from './package-reader';
import type { PackageData } from './read-task';
import { loadSqlJs } from './sqljs';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

/** SPEC Limits: tag names are at most 20 characters. */
export const MAX_TAG_LENGTH = 20;
const SAMPLE_NOTES = 5;

/**
 * The export's language: lang_id when given (must be the caller's); else the current-language setting;
 * else the only language the caller has.
 */
export function resolveLanguage(ctx: HandlerContext, languageId: number | undefined): LanguageDto {
  if (languageId !== undefined) {
    const lang = findLanguage(ctx, languageId);
    if (!lang) throw notFound(msg('language.notFound'));
    return lang;
  }
  const current = Number(getSetting(ctx, 'currentLanguage'));
  if (Number.isInteger(current) && current > 0) {
    const lang = findLanguage(ctx, current);
    if (lang) return lang;
  }
  const all = listLanguages(ctx);
  if (all.length === 1) return all[0];
  if (all.length === 0) throw badRequest(msg('apkg.noLanguage'));
  throw badRequest(msg('apkg.chooseLanguage'));
}

export async function exportPackage(ctx: HandlerContext, languageId: number | undefined, marked: readonly number[] = []): Promise<FileResult> {
  const language = resolveLanguage(ctx, languageId);
  const SQL = await loadSqlJs(ctx.services);
  const terms = repo.listExportTerms(ctx.sqlite, ctx.user, language.LgID, marked.length ? marked : null);
  if (terms.length === 0) throw badRequest(msg('apkg.noTerms', { language: language.LgName }));
  const now = ctx.clock.now();
  const { buildPackage } = await import('./package-writer');
  const data = await buildPackage(SQL, { languageId: language.LgID, languageName: language.LgName, terms, now });
  return { $file: true, filename: exportFileName(language.LgName, now), contentType: 'application/apkg', data };
}

/** Limits of the worker that opens an upload (docs/security.md). */
export const APKG_WORKER_LIMITS = { maxHeapMb: 512, timeoutMs: 60_000 } as const;

/**
 * Opens an uploaded package in a worker thread (heap cap + deadline); the caller must close it. sql.js is
 * loaded here first so a runtime without it fails with the same 503 as export does.
 */
export async function openUpload(ctx: HandlerContext, file: ApkgUpload): Promise<OpenedPackage> {
  await loadSqlJs(ctx.services);
  const onDisk = file instanceof UploadedTempFile;
  if ((onDisk ? file.size : file.data.length) === 0) throw badRequest(msg('import.fileEmpty'));
  const data = await runInWorker<PackageData>('apkg.read', onDisk ? { path: file.path } : { data: file.data }, APKG_WORKER_LIMITS);
  return {
    generation: data.generation,
    schemaVersion: data.schemaVersion,
    noteTypes: new Map(data.noteTypes.map((nt) => [nt.id, nt])),
    noteCount: data.noteCount,
    *notes() {
      yield* data.notes;
    },
    close() {},
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\x1f') === [...b].sort().join('\x1f');
export function reimportSummaryLines(s: Omit<ReimportSummary, 'summary'>): string[] {
  return [
    `notes in package: ${s.notes}`,
    `updated: ${s.updated}`,
    `unchanged: ${s.unchanged}`,
    `demoted to ignored: ${s.demoted}`,
    `skipped (no Lectio id): ${s.skipped_no_id}`,
    `skipped (term not found): ${s.skipped_term_not_found}`,
    ...(s.skipped_tags ? [`tags left off (over ${MAX_TAG_LENGTH} characters): ${s.skipped_tags}`] : []),
  ];
}

/**
 * Re-import of a Lectio package: each note finds its term by LectioId (guid lectio-{id} as fallback); a
 * suspended card demotes 1-5 to 98; translation, romanization, notes and tags are applied. Nothing is created
 * or deleted. All changes land in one transaction of the terms module, with one terms.changed event.
 */
export async function reimportPackage(ctx: HandlerContext, file: ApkgUpload): Promise<ReimportSummary> {
  const pkg = await openUpload(ctx, file);
  try {
    const matched: { termId: number; fields: Map<string, string>; tags: string; suspended: boolean }[] = [];
    let notes = 0;
    let skippedNoId = 0;
    for (const note of pkg.notes()) {
      notes++;
      const names = pkg.noteTypes.get(note.noteTypeId)?.fields ?? [];
      const fields = new Map(names.map((name, i) => [name, note.fields[i] ?? '']));
      const termId = termIdFromField(fields.get(LECTIO_ID_FIELD)) ?? termIdFromGuid(note.guid);
      if (termId === null) {
        skippedNoId++;
        continue;
      }
      const suspended = note.cards.length > 0 && note.cards.some((c) => c.queue === SUSPENDED_QUEUE);
      matched.push({ termId, fields, tags: note.tags, suspended });
    }

    const terms = repo.findOwnedTerms(ctx.sqlite, ctx.user, [...new Set(matched.map((m) => m.termId))]);
    const updates: ReimportedTerm[] = [];
    let skippedNotFound = 0;
    let demoted = 0;
    let skippedTags = 0;
    let unchanged = 0;
    // A term named by two notes (a duplicated note in Anki) is decided by the first; the rest count as unchanged.
    const seen = new Set<number>();
    for (const m of matched) {
      const term = terms.get(m.termId);
      if (!term) {
        skippedNotFound++;
        continue;
      }
      if (seen.has(term.WoID)) {
        unchanged++;
        continue;
      }
      seen.add(term.WoID);
      const changes = changesFromNote(m.fields);
      // "*" is the legacy "no translation" mark; export writes it as an empty field, so empty keeps it.
      const translation =
        changes.WoTranslation === undefined || (changes.WoTranslation === '' && term.WoTranslation === '*') ? term.WoTranslation : changes.WoTranslation;
      const romanization = changes.WoRomanization ?? term.WoRomanization;
      const notesText = changes.WoNotes ?? term.WoNotes;
      const status = statusAfterReimport(term.WoStatus, m.suspended);
      const noteTags = parseAnkiTags(m.tags);
      const tags = noteTags.filter((t) => [...t].length <= MAX_TAG_LENGTH);
      skippedTags += noteTags.length - tags.length;

      const fieldsChanged =
        translation !== term.WoTranslation || romanization !== term.WoRomanization || notesText !== term.WoNotes || status !== term.WoStatus;
      const tagsChanged = !sameTags(tags, term.tags);
      if (!fieldsChanged && !tagsChanged) {
        unchanged++;
        continue;
      }
      if (status !== term.WoStatus) demoted++;
      updates.push({ id: term.WoID, translation, romanization, notes: notesText, status, ...(tagsChanged ? { tags } : {}) });
    }

    // The terms module writes them, in one transaction with one terms.changed.
    updateReimportedTerms(ctx, updates);

    const counts = {
      notes,
      updated: updates.length,
      unchanged,
      demoted,
      skipped_no_id: skippedNoId,
      skipped_term_not_found: skippedNotFound,
      skipped_tags: skippedTags,
    };
    return { ...counts, summary: reimportSummaryLines(counts) };
  } finally {
    pkg.close();
  }
}

/** What the deck-import wizard shows: note types that have notes, their fields, counts and first notes. */
export async function inspectPackage(ctx: HandlerContext, file: ApkgUpload): Promise<InspectResult> {
  const pkg = await openUpload(ctx, file);
  try {
    const counts = new Map<number, number>();
    const samples = new Map<number, string[][]>();
    for (const note of pkg.notes()) {
      counts.set(note.noteTypeId, (counts.get(note.noteTypeId) ?? 0) + 1);
      const list = samples.get(note.noteTypeId) ?? [];
      if (list.length < SAMPLE_NOTES) list.push(note.fields.map(cleanDeckField));
      samples.set(note.noteTypeId, list);
    }
    const noteTypes = [...pkg.noteTypes.values()]
      .filter((nt) => counts.has(nt.id))
      .map((nt) => ({ id: nt.id, name: nt.name, fields: nt.fields, note_count: counts.get(nt.id) ?? 0, samples: samples.get(nt.id) ?? [] }))
      .sort((a, b) => b.note_count - a.note_count || a.name.localeCompare(b.name));
    return {
      collection: pkg.generation,
      schema_version: pkg.schemaVersion,
      note_count: pkg.noteCount,
      note_types: noteTypes,
      is_lectio_package: noteTypes.some((nt) => nt.id === LECTIO_NOTE_TYPE_ID || nt.name === LECTIO_NOTE_TYPE_NAME || nt.fields.includes(LECTIO_ID_FIELD)),
    };
  } finally {
    pkg.close();
  }
}
