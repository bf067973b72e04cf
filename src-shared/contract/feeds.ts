// Runs in: any process. News feed endpoints: the spec's CRUD and list, plus what the feeds manager and the
// feed wizard need (articles, refresh, import, probe/discovery, article preview, curated list, OPML).
import { z } from 'zod';
import { endpoint, idParam, returns, uploadedFile, type FileResult } from './endpoint';
import type { FeedOptions } from '../feeds/options';
import type { DiscoveredFeed } from '../feeds/discover';
import { type Message } from './messages';

export interface FeedDto {
  NfID: number;
  NfLgID: number;
  NfUsID: number | null;
  LgName: string;
  NfName: string;
  NfSourceURI: string;
  /** Article section: CSS selector (or an XPath kept from LWT); '' = Readability. */
  NfArticleSectionTags: string;
  /** Elements removed from the article section, CSS selectors joined by " | ". */
  NfFilterTags: string;
  /** LWT comma format; `options` is the parsed form. */
  NfOptions: string;
  options: FeedOptions;
  /** Last refresh (ms), or null. */
  NfUpdate: number | null;
  NfLastError: string;
  article_count: number;
  new_count: number;
  imported_count: number;
}

export interface ArticleDto {
  FlID: number;
  FlNfID: number;
  FlTitle: string;
  FlLink: string;
  FlDescription: string;
  FlDate: number | null;
  FlAudio: string;
  /** True when the feed carried the full article text. */
  has_text: boolean;
  FlError: string;
  FlTxID: number | null;
  FlNew: boolean;
}

export interface RefreshResult {
  success: true;
  added: number;
  total: number;
  /** The server answered 304 Not Modified to the conditional request. */
  not_modified: boolean;
}

export interface ImportResult {
  success: boolean;
  imported: number;
  texts: { TxID: number; TxTitle: string }[];
  /** Plain text, one line per article that failed ('' when none). */
  errors: string;
  /** The same lines by message code (src-shared/contract/messages.ts), for the interface language. */
  error_messages?: Message[];
}

export interface ProbeItem {
  title: string;
  link: string;
  date: number | null;
  has_text: boolean;
  audio: string;
}

export type ProbeResult =
  | {
      kind: 'feed';
      url: string;
      title: string;
      format: string;
      charset: string;
      items: ProbeItem[];
      recovered: number;
      /** The language the feed declares (`<language>`, `xml:lang`), e.g. "pt-br", or ''. */
      language: string;
    }
  | { kind: 'page'; url: string; title: string; message: string; message_code?: string; feeds: DiscoveredFeed[] };

export interface ArticlePreview {
  url: string;
  title: string;
  /** Sanitised page (structure, text, id/class only) for the sandboxed preview. */
  html: string;
  text: string;
  words: number;
  /** Plain text; '' when the extraction worked. */
  error: string;
  /** The error's message code and values (src-shared/contract/messages.ts), for the interface language. */
  error_code?: string;
  error_params?: Record<string, unknown>;
}

export interface CuratedFeedDto {
  name: string;
  url: string;
  /** ISO 639-1. */
  language: string;
  homepage: string;
  description: string;
}

const positiveLanguage = z.coerce
  .number({ message: 'Language ID must be positive' })
  .int('Language ID must be positive')
  .positive('Language ID must be positive');
const httpUrl = z
  .string()
  .trim()
  .min(1, 'A feed address is required')
  .max(2000)
  .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'The address must start with http:// or https://');

export const feedFields = z.object({
  NfLgID: positiveLanguage,
  NfName: z.string().trim().min(1, 'NfName is required').max(200, 'NfName is at most 200 characters'),
  NfSourceURI: httpUrl,
  NfArticleSectionTags: z.string().trim().max(1000).optional(),
  NfFilterTags: z.string().trim().max(2000).optional(),
  NfOptions: z.string().trim().max(2000).optional(),
});
export type FeedFields = z.infer<typeof feedFields>;

export const feedsContract = {
  'feeds.list': endpoint({
    method: 'GET',
    path: '/api/v1/feeds/list',
    access: 'read',
    input: z.object({ language_id: z.coerce.number().int().positive().optional() }),
    output: returns<FeedDto[]>(),
  }),
  'feeds.get': endpoint({ method: 'GET', path: '/api/v1/feeds/:id', access: 'read', input: z.object({ id: idParam }), output: returns<FeedDto>() }),
  'feeds.create': endpoint({ method: 'POST', path: '/api/v1/feeds', access: 'import', input: feedFields, output: returns<FeedDto>() }),
  'feeds.update': endpoint({
    method: 'PUT',
    path: '/api/v1/feeds/:id',
    access: 'import',
    input: feedFields.partial().extend({ id: idParam }),
    output: returns<FeedDto>(),
  }),
  'feeds.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/feeds/:id',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number; articles: number }>(),
  }),
  'feeds.articles': endpoint({
    method: 'GET',
    path: '/api/v1/feeds/:id/articles',
    access: 'read',
    input: z.object({
      id: idParam,
      page: z.coerce.number().int().min(1).optional(),
      perPage: z.coerce.number().int().min(1).max(500).optional(),
      q: z.string().trim().max(200).optional(),
    }),
    output: returns<{ feed: FeedDto; articles: ArticleDto[]; total: number; page: number; perPage: number }>(),
  }),
  'feeds.refresh': endpoint({
    method: 'POST',
    path: '/api/v1/feeds/:id/refresh',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<RefreshResult>(),
  }),
  /** {id} is the feed; article_ids limits the deletion (all of the feed's articles when absent). */
  'feeds.deleteArticles': endpoint({
    method: 'DELETE',
    path: '/api/v1/feeds/articles/:id',
    access: 'import',
    input: z.object({ id: idParam, article_ids: z.array(z.coerce.number().int().positive()).max(10_000).optional() }),
    output: returns<{ success: true; deleted: number }>(),
  }),
  'feeds.importArticles': endpoint({
    method: 'POST',
    path: '/api/v1/feeds/articles/import',
    access: 'import',
    input: z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, 'Choose at least one article').max(200) }),
    output: returns<ImportResult>(),
  }),
  'feeds.probe': endpoint({
    method: 'POST',
    path: '/api/v1/feeds/probe',
    access: 'import',
    input: z.object({ url: httpUrl, charset: z.string().trim().max(40).optional() }),
    output: returns<ProbeResult>(),
  }),
  'feeds.previewArticle': endpoint({
    method: 'POST',
    path: '/api/v1/feeds/preview-article',
    access: 'import',
    input: z.object({
      url: httpUrl,
      selector: z.string().trim().max(1000).optional(),
      filters: z.array(z.string().trim().max(500)).max(50).optional(),
      charset: z.string().trim().max(40).optional(),
    }),
    output: returns<ArticlePreview>(),
  }),
  'feeds.curated': endpoint({
    method: 'GET',
    path: '/api/v1/feeds/curated',
    access: 'read',
    input: z.object({ language_id: z.coerce.number().int().positive().optional() }),
    output: returns<CuratedFeedDto[]>(),
  }),
  'feeds.exportOpml': endpoint({ method: 'GET', path: '/api/v1/feeds/opml', access: 'read', input: z.object({}), output: returns<FileResult>() }),
  'feeds.importOpml': endpoint({
    method: 'POST',
    path: '/api/v1/feeds/opml',
    access: 'import',
    input: z.object({ file: uploadedFile, language_id: positiveLanguage }),
    output: returns<{ success: true; created: number; skipped: number }>(),
  }),
};
