// Runs in: any process. Web dictionaries of a language (its LgDict1URI/LgDict2URI/LgGoogleTranslateURI): whether
// a site lets itself be shown inside the word panel (an iframe), asked of the site's own answer headers.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import type { Message } from './messages';

export interface EmbeddableDto {
  /** True when the site's answer forbids no framing (no X-Frame-Options, no restrictive frame-ancestors). */
  embeddable: boolean;
  /** Why not, for the learner (the site's header, or why it could not be asked). */
  reason?: string;
  /** The same by message code when the site could not be asked (offline, refused address), for the interface language. */
  reason_message?: Message;
  /** The site could not be reached at all (no connection): a new tab would open dead, so the panel offers Retry. */
  unreachable?: boolean;
}

export const webDictionariesContract = {
  'webDictionaries.embeddable': endpoint({
    method: 'GET',
    path: '/api/v1/web-dictionaries/embeddable',
    access: 'read',
    input: z.object({ url: z.string().trim().url().max(4000) }),
    output: returns<EmbeddableDto>(),
  }),
};
