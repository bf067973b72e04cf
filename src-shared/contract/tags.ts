// Runs in: any process. Term tags (tags + word_tag_map) endpoints.
import { z } from 'zod';
import { endpoint, returns, idParam, type RedirectResult } from './endpoint';
import { TAG_MAX_LENGTH } from '../import/term-rows';

export { TAG_MAX_LENGTH };

export interface TagDto {
  TgID: number;
  TgText: string;
  TgComment: string;
  /** Number of the caller's terms carrying the tag. */
  TermCount: number;
}

/** One tag name: trimmed, 1-20 characters, no commas (a comma separates tags in every input). */
export const tagText = z
  .string()
  .trim()
  .min(1, 'TgText is required')
  .max(TAG_MAX_LENGTH, `A tag is at most ${TAG_MAX_LENGTH} characters`)
  .refine((s) => !s.includes(','), 'A tag cannot contain a comma');

export const tagFields = z.object({
  TgText: tagText,
  TgComment: z.string().max(200).optional(),
});

export const tagsContract = {
  'tags.list': endpoint({
    method: 'GET',
    path: '/api/v1/tags',
    access: 'read',
    input: z.object({ q: z.string().max(100).optional() }),
    output: returns<TagDto[]>(),
  }),
  'tags.get': endpoint({ method: 'GET', path: '/api/v1/tags/:id', access: 'read', input: z.object({ id: idParam }), output: returns<TagDto>() }),
  'tags.create': endpoint({ method: 'POST', path: '/api/v1/tags', access: 'vocabulary', input: tagFields, output: returns<TagDto>() }),
  /** The /tags/new form posts here (SPEC page route GET, POST /tags/new) and is sent back to the list. */
  'tags.createForm': endpoint({ method: 'POST', path: '/tags/new', access: 'vocabulary', input: tagFields, output: returns<RedirectResult>() }),
  'tags.update': endpoint({
    method: 'PUT',
    path: '/api/v1/tags/:id',
    access: 'vocabulary',
    input: tagFields.partial().extend({ id: idParam }),
    output: returns<TagDto>(),
  }),
  'tags.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/tags/:id',
    access: 'vocabulary',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number }>(),
  }),
};
