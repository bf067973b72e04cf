// Runs in: any process. Texts (library, editor, upload, audio position) and text tags.
import { urlField } from './safe-url';
import { badRequest } from './errors';
import { msg } from './messages';
import { z } from 'zod';
import { endpoint, returns, idParam, boolish, uploadedFile, bodyBytesForChars } from './endpoint';

export interface TextDto {
  TxID: number;
  TxLgID: number;
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
  /** Seconds into the audio, 0 … 86400. */
  TxAudioPosition: number;
  /** Ti2Order the reader last showed. */
  TxPosition: number;
  TxArchived: boolean;
  TxCreated: number;
  TxModified: number;
  TxOpenedAt: number | null;
  TxFinishedAt: number | null;
  TextTags: string[];
}

/** Distinct words of a text by what the learner knows of them. */
export interface WordCounts {
  total: number;
  unknown: number;
  /** Status 1-4. */
  learning: number;
  /** Status 5 and 99. */
  known: number;
  /** Status 98. */
  ignored: number;
}

/** A text's running words, those known now, and known / words as a percentage with one decimal. */
export interface TextCoverageFigure {
  words: number;
  known: number;
  known_pct: number;
}

export interface TextListItem extends Omit<TextDto, 'TxText'> {
  LgName: string;
  counts: WordCounts;
  /** Running words and the known share of them (docs/books.md "Coverage"): the library's coverage column. */
  coverage: TextCoverageFigure;
  /** The book this text is a chapter of (its number and the chapter's own title), or null. */
  book: { BkID: number; BkTitle: string; chapter: number; chapter_title: string } | null;
}

export interface TextPage {
  items: TextListItem[];
  total: number;
  page: number;
  perPage: number;
  /** Book chapters matching the other filters that `chapters=hide` left out (0 otherwise). */
  hidden_chapters: number;
}

export interface TextTagDto {
  T2ID: number;
  T2Text: string;
  T2Comment: string;
  /** How many of the caller's texts carry it. */
  textCount: number;
}

/** At most 5 million characters: a long novel; the parse of one is about a second. */
export const TEXT_MAX_CHARS = 5_000_000;
/** Upload limit for .txt files (UTF-8 bytes). */
export const TEXT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const AUDIO_POSITION_MAX = 24 * 60 * 60;
export const TAG_MAX_CHARS = 20;

export const tagName = z
  .string()
  .trim()
  .min(1, 'a tag needs a name')
  .max(TAG_MAX_CHARS, `a tag is at most ${TAG_MAX_CHARS} characters`)
  .regex(/^[^,\s][^,]*$/, 'a tag cannot contain a comma');

/** TextTags[TagList][] as the editor posts it; each entry may be a comma-joined list. */
export const textTagsInput = z.object({ TagList: z.union([z.array(z.string()), z.string()]).optional() }).optional();

/** Splits TextTags entries on commas, trims, drops empties and duplicates; rejects names over 20 characters. */
export function tagListOf(input: z.infer<typeof textTagsInput>): string[] | undefined {
  if (!input || input.TagList === undefined) return undefined;
  const entries = Array.isArray(input.TagList) ? input.TagList : [input.TagList];
  const names = [
    ...new Set(
      entries
        .flatMap((e) => e.split(','))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  for (const n of names) if (n.length > TAG_MAX_CHARS) throw badRequest(msg('text.tagTooLong', { tag: n.slice(0, 30), max: TAG_MAX_CHARS }));
  return names;
}

export const textFields = z.object({
  TxLgID: z.coerce.number().int().positive('TxLgID must be a positive language id'),
  TxTitle: z.string().trim().min(1, 'TxTitle is required').max(200, 'TxTitle is at most 200 characters'),
  TxText: z
    .string()
    .max(TEXT_MAX_CHARS, `TxText is at most ${TEXT_MAX_CHARS} characters`)
    .refine((s) => s.trim().length > 0, 'TxText is required'),
  TxAudioURI: urlField('TxAudioURI', 2000).optional(),
  TxSourceURI: urlField('TxSourceURI', 2000).optional(),
  TextTags: textTagsInput,
});
export type TextFields = z.infer<typeof textFields>;

/** `coverage`: the highest known share of running words first (the easiest text to read). */
export const TEXT_SORTS = ['newest', 'oldest', 'title', 'unknown', 'opened', 'coverage'] as const;

export const textListFilters = z.object({
  language: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(TAG_MAX_CHARS).optional(),
  archived: boolish.optional(),
  sort: z.enum(TEXT_SORTS).optional(),
  /** Book chapters among the texts (default) or left out; `book` lists one book's chapters only. */
  chapters: z.enum(['show', 'hide']).optional(),
  book: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).optional(),
  perPage: z.coerce.number().int().min(1).max(200).optional(),
});

/** Any number over HTTP or IPC; NaN, negatives and non-numbers become 0, more than 24 hours becomes 24 hours. */
export const audioPosition = z.union([z.number(), z.string(), z.null()]).transform((v) => {
  const n = typeof v === 'number' ? v : v === null ? NaN : Number(v);
  if (Number.isNaN(n) || n < 0) return 0;
  return Math.min(n, AUDIO_POSITION_MAX);
});

export const textsContract = {
  'texts.list': endpoint({ method: 'GET', path: '/api/v1/texts', access: 'read', input: textListFilters, output: returns<TextPage>() }),
  'texts.byLanguage': endpoint({
    method: 'GET',
    path: '/api/v1/texts/by-language/:id',
    access: 'read',
    input: z.object({ id: idParam }),
    output: returns<TextListItem[]>(),
  }),
  'texts.get': endpoint({ method: 'GET', path: '/api/v1/texts/:id', access: 'read', input: z.object({ id: idParam }), output: returns<TextDto>() }),
  'texts.create': endpoint({
    method: 'POST',
    path: '/api/v1/texts',
    access: 'import',
    // joinWrappedLines: a hard-wrapped text (Gutenberg) is reflowed: single line breaks in a paragraph become spaces.
    input: textFields.extend({ joinWrappedLines: boolish.optional() }),
    output: returns<TextDto>(),
    maxBodyBytes: bodyBytesForChars(TEXT_MAX_CHARS),
  }),
  'texts.update': endpoint({
    method: 'PUT',
    path: '/api/v1/texts/:id',
    access: 'import',
    input: textFields.partial().extend({ id: idParam }),
    output: returns<TextDto>(),
    maxBodyBytes: bodyBytesForChars(TEXT_MAX_CHARS),
  }),
  'texts.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/texts/:id',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number }>(),
  }),
  'texts.upload': endpoint({
    method: 'POST',
    path: '/api/v1/texts/upload',
    access: 'import',
    input: z.object({
      TxLgID: z.coerce.number().int().positive('TxLgID must be a positive language id'),
      TxTitle: z.string().trim().max(200).optional(),
      TxSourceURI: urlField('TxSourceURI', 2000).optional(),
      TextTags: textTagsInput,
      /** Join the lines of a hard-wrapped file's paragraphs; by default, when the file looks hard-wrapped. */
      joinWrappedLines: boolish.optional(),
      file: uploadedFile,
    }),
    output: returns<TextDto>(),
  }),
  'texts.archive': endpoint({
    method: 'PUT',
    path: '/api/v1/texts/:id/archive',
    access: 'import',
    input: z.object({ id: idParam, archived: boolish }),
    output: returns<TextDto>(),
  }),
  'texts.audioPosition': endpoint({
    method: 'PUT',
    path: '/api/v1/texts/:id/audio-position',
    access: 'import',
    input: z.object({ id: idParam, position: audioPosition }),
    output: returns<{ success: true; position: number }>(),
  }),
  'texts.readingPosition': endpoint({
    method: 'PUT',
    path: '/api/v1/texts/:id/reading-position',
    access: 'import',
    input: z.object({ id: idParam, position: z.coerce.number().int().min(0) }),
    output: returns<{ success: true; position: number }>(),
  }),
  'texts.finished': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/finished',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<TextDto>(),
  }),
  /** Undoes "marked as read" (the reader's note after reaching the end): unfinished again, today's count taken back. */
  'texts.unfinished': endpoint({
    method: 'DELETE',
    path: '/api/v1/texts/:id/finished',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<TextDto>(),
  }),
  'texts.printPlain': endpoint({
    method: 'GET',
    path: '/text/print-plain',
    access: 'read',
    input: z.object({ text: idParam }),
    output: returns<{ $html: string }>(),
    deprecatedSuccessor: '/api/v1/texts/{id}',
  }),
};

export const textTagsContract = {
  'textTags.list': endpoint({ method: 'GET', path: '/api/v1/text-tags', access: 'read', input: z.object({}), output: returns<TextTagDto[]>() }),
  'textTags.create': endpoint({
    method: 'POST',
    path: '/api/v1/text-tags',
    access: 'import',
    input: z.object({ T2Text: tagName, T2Comment: z.string().max(200).optional() }),
    output: returns<TextTagDto>(),
  }),
  'textTags.update': endpoint({
    method: 'PUT',
    path: '/api/v1/text-tags/:id',
    access: 'import',
    input: z.object({ id: idParam, T2Text: tagName.optional(), T2Comment: z.string().max(200).optional() }),
    output: returns<TextTagDto>(),
  }),
  'textTags.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/text-tags/:id',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number }>(),
  }),
};
