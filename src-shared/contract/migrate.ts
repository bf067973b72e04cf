// Runs in: any process. Moving in from LWT and Lute: preview (preview=1) and import of an uploaded file.
import { z } from 'zod';
import { boolish, endpoint, returns, uploadedFile } from './endpoint';
import { type Message } from './messages';

export interface ImportLanguagePreview {
  name: string;
  /** The name it is stored under (differs when renamed). */
  targetName: string;
  /** A language of this name exists already. */
  conflict: boolean;
  /** What happens to it: a new language, merged into the existing one, or created under a new name. */
  action: 'create' | 'merge' | 'rename';
  /** Created because rows point at a language the file does not have. */
  placeholder: boolean;
  terms: number;
  texts: number;
  feeds: number;
}

export interface ImportCounts {
  languages: number;
  terms: number;
  texts: number;
  archivedTexts: number;
  feeds: number;
  /** Lute's books (their pages are counted in texts). */
  books: number;
  termTags: number;
}

/**
 * What an incoming term does to one of the same text the learner has: keep mine as it is, take theirs (status and
 * fields), or fill only the fields mine has empty (the default; mine keeps its status).
 */
export const TERM_MERGES = ['fill', 'keep', 'theirs'] as const;
export type TermMerge = (typeof TERM_MERGES)[number];

/** A term of the file that differs from the learner's term of the same text (the preview lists the first ones). */
export interface DifferingTerm {
  language: string;
  text: string;
  mine: { status: number; translation: string };
  theirs: { status: number; translation: string };
}

/** A feed whose language the file does not hold: skipped unless the learner gives it one of their languages. */
export interface OrphanFeed {
  /** Its position among the file's feeds: the key of `feed_languages`. */
  index: number;
  name: string;
  url: string;
}

export interface MigrationPreview {
  source: 'lwt' | 'lute';
  preview: true;
  counts: ImportCounts;
  languages: ImportLanguagePreview[];
  /** Terms of the file that meet a different term of the learner's (merged languages only): how many, and the first 20. */
  differing: { count: number; terms: DifferingTerm[] };
  /** Feeds whose language the file does not hold (LWT): each is skipped unless `feed_languages` names a language. */
  orphan_feeds: OrphanFeed[];
  notes: string[];
  /** The same notes by message code (src-shared/contract/messages.ts), for the interface language. */
  note_messages?: Message[];
}

export interface MigrationResult {
  source: 'lwt' | 'lute';
  preview: false;
  /** What the file holds. */
  counts: ImportCounts;
  created: { languages: number; terms: number; texts: number; feeds: number; books: number };
  /** Languages merged into the learner's, and the learner's terms the file changed (by the merge chosen). */
  merged: { languages: number; terms: number };
  /**
   * The summary's "moved in" line: what this import added, dated as the source had it (terms' creation and status
   * changes, texts' creation and reading), from `since` (the earliest of those dates, epoch ms; null without any).
   * None of it counts as today's activity.
   */
  moved_in: { terms: number; texts: number; since: number | null };
  /** Already present (same term text, same text title and content, same feed address, same book): left as they are. */
  skipped: { terms: number; texts: number; feeds: number; books: number };
  /** Not moved in: the preview's orphan feeds the learner gave no language. */
  left_out: { feeds: number };
  languages: ImportLanguagePreview[];
  notes: string[];
  note_messages?: Message[];
}

/**
 * A move-in that was killed midway (the app closed, kill -9, a power cut) and undone at the next start: what it had
 * stored was removed, so the learner moves in again (docs/backup.md "Moving in").
 */
export interface InterruptedMove {
  source: 'lwt' | 'lute';
  /** When it began (epoch ms). */
  started: number;
  removed: { terms: number; languages: number };
}

const importInput = z.object({
  file: uploadedFile,
  preview: boolish.optional(),
  /** Languages that exist already by name: merge into them (default) or create "Name (LWT)" / "Name (Lute)". */
  conflicts: z.enum(['merge', 'rename']).optional(),
  /** A term the learner has already: see TermMerge (default 'fill'). */
  merge: z.enum(TERM_MERGES).optional(),
  /**
   * For the preview's orphan feeds: feed index → one of the caller's language ids (absent or 0: skip). An object,
   * or the same as a JSON string (a multipart form field).
   */
  feed_languages: z
    .preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z.record(z.string().regex(/^\d{1,6}$/), z.coerce.number().int().nonnegative()),
    )
    .optional(),
});

export const migrateContract = {
  'import.lwt': endpoint({
    method: 'POST',
    path: '/api/v1/import/lwt',
    access: 'manage',
    input: importInput,
    output: returns<MigrationPreview | MigrationResult>(),
  }),
  'import.lute': endpoint({
    method: 'POST',
    path: '/api/v1/import/lute',
    access: 'manage',
    input: importInput,
    output: returns<MigrationPreview | MigrationResult>(),
  }),
  'import.interrupted': endpoint({
    method: 'GET',
    path: '/api/v1/import/interrupted',
    access: 'read',
    input: z.object({}),
    output: returns<{ moves: InterruptedMove[] }>(),
  }),
  'import.dismissInterrupted': endpoint({
    method: 'DELETE',
    path: '/api/v1/import/interrupted',
    access: 'manage',
    input: z.object({}),
    output: returns<{ success: true }>(),
  }),
};
