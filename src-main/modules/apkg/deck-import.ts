// Runs in: main. Create-only import of a deck built elsewhere: the user picked a note type, its term field (and
// optionally a translation field) and a language. Only terms the language does not have yet are created, with a
// status read from the note's cards; existing terms are never touched, so running it twice is safe.
import type { z } from 'zod';
import type { DeckImportSummary, deckImportInput } from '../../../src-shared/contract/apkg';
import { badRequest, notFound } from '../../../src-shared/contract/errors';
import type { TermFields } from '../../../src-shared/contract/terms';
import { cleanDeckField } from '../../../src-shared/anki/fields';
import { parseAnkiTags, statusFromCards } from '../../../src-shared/anki/mapping';
import type { HandlerContext } from '../../core/context';
import { findLanguage } from '../languages';
import { importTerms } from '../terms';
import { prepareWordCount } from '../analysis';
import { TAG_MAX_LENGTH } from '../../../src-shared/import/term-rows';
import { openUpload } from './service';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

/** termFields limits (src-shared/contract/terms.ts): longer values would refuse the whole import. */
const MAX_TERM_LENGTH = 250;
const MAX_TRANSLATION_LENGTH = 10_000;

export type DeckImportInput = z.output<typeof deckImportInput>;

export function deckImportSummaryLines(s: Omit<DeckImportSummary, 'summary'>): string[] {
  return [
    `notes of this type: ${s.notes}`,
    `created: ${s.created}`,
    `already known (left unchanged): ${s.existing}`,
    ...(s.skipped_empty ? [`skipped (empty term field): ${s.skipped_empty}`] : []),
    ...(s.skipped_too_long ? [`skipped (term over ${MAX_TERM_LENGTH} characters): ${s.skipped_too_long}`] : []),
    ...Object.entries(s.statuses).map(([status, n]) => `created with status ${status}: ${n}`),
  ];
}

export async function importDeck(ctx: HandlerContext, input: DeckImportInput): Promise<DeckImportSummary> {
  const language = findLanguage(ctx, input.language_id);
  if (!language) throw notFound(msg('language.denied'));
  const pkg = await openUpload(ctx, input.file);
  let rows: TermFields[];
  let notes = 0;
  let skippedEmpty = 0;
  let skippedTooLong = 0;
  let existing = 0;
  try {
    const noteType = pkg.noteTypes.get(input.note_type_id);
    if (!noteType) throw badRequest(msg('apkg.noNoteType', { id: String(input.note_type_id) }));
    const termIndex = noteType.fields.indexOf(input.term_field);
    if (termIndex < 0) throw badRequest(msg('apkg.noField', { noteType: noteType.name, field: input.term_field, fields: noteType.fields.join(', ') }));
    const translationIndex = input.translation_field === undefined ? -1 : noteType.fields.indexOf(input.translation_field);
    if (input.translation_field !== undefined && translationIndex < 0) {
      throw badRequest(msg('apkg.noField', { noteType: noteType.name, field: input.translation_field, fields: noteType.fields.join(', ') }));
    }

    const known = repo.existingTermTexts(ctx.sqlite, ctx.user, language.LgID);
    const seen = new Set<string>();
    rows = [];
    for (const note of pkg.notes()) {
      if (note.noteTypeId !== noteType.id) continue;
      notes++;
      const text = cleanDeckField(note.fields[termIndex] ?? '');
      if (!text) {
        skippedEmpty++;
        continue;
      }
      if (text.length > MAX_TERM_LENGTH) {
        skippedTooLong++;
        continue;
      }
      const lc = text.toLowerCase();
      if (known.has(lc) || seen.has(lc)) {
        existing++;
        continue;
      }
      seen.add(lc);
      const translation = translationIndex < 0 ? '' : cleanDeckField(note.fields[translationIndex] ?? '').slice(0, MAX_TRANSLATION_LENGTH);
      // Tags that our tag rules refuse (too long, or holding the list separator) are left off, not fatal.
      const tags = parseAnkiTags(note.tags).filter((t) => t.length <= TAG_MAX_LENGTH && !t.includes(','));
      rows.push({
        WoLgID: language.LgID,
        WoText: text,
        WoTranslation: translation,
        WoStatus: statusFromCards(note.cards),
        ...(tags.length ? { TermTags: { TagList: tags } } : {}),
      });
    }
  } finally {
    pkg.close();
  }

  // One transaction inside importTerms: all created or none. 'skip' also guards against a term created meanwhile.
  // The rows carry their statuses, so terms are created with them directly.
  // Word counts come from the language's own tokenizer (kuromoji for Japanese), which loads lazily.
  if (rows.length) await prepareWordCount(language);
  const result = rows.length ? importTerms(ctx, language.LgID, rows, { duplicates: 'skip' }) : { created: 0, skipped: 0, ids: [] };
  const statuses = repo.statusCounts(ctx.sqlite, ctx.user, result.ids);
  const counts = {
    language_id: language.LgID,
    notes,
    created: result.created,
    existing: existing + result.skipped,
    skipped_empty: skippedEmpty,
    skipped_too_long: skippedTooLong,
    statuses,
  };
  ctx.services.database?.afterLargeImport();
  return { ...counts, summary: deckImportSummaryLines(counts) };
}
