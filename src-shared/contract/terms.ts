// Runs in: any process. Terms (table words): the DTO every module shares, and the writable fields.
// Owned by the vocabulary module; the endpoints are added here by it.
import { z } from 'zod';
import { TERM_STATUSES } from './status';

export interface TermDto {
  WoID: number;
  WoLgID: number;
  WoText: string;
  WoTextLC: string;
  WoLemma: string | null;
  WoLemmaLC: string | null;
  WoStatus: number;
  WoTranslation: string;
  WoRomanization: string;
  WoNotes: string;
  /** Example sentence with the term in {braces}. */
  WoSentence: string;
  WoWordCount: number;
  WoCreated: number;
  WoModified: number;
  WoStatusChanged: number;
  /** Tag texts from word_tag_map. */
  TermTags: string[];
}

export const termStatus = z.coerce.number().int().refine((n) => (TERM_STATUSES as readonly number[]).includes(n), 'status must be 1-5, 98 or 99');

/** Tags as the edit forms post them: TermTags[TagList][] entries, each possibly a comma-joined list. */
export const termTagsInput = z
  .object({ TagList: z.union([z.array(z.string()), z.string()]).optional() })
  .optional();

export const termFields = z.object({
  WoLgID: z.coerce.number().int().positive(),
  WoText: z.string().trim().min(1, 'WoText is required').max(250),
  WoLemma: z.string().trim().max(250).optional(),
  WoStatus: termStatus.optional(),
  WoTranslation: z.string().max(10_000).optional(),
  WoRomanization: z.string().max(1000).optional(),
  WoNotes: z.string().max(10_000).optional(),
  WoSentence: z.string().max(5000).optional(),
  TermTags: termTagsInput,
});
export type TermFields = z.infer<typeof termFields>;
