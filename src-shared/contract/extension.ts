// Runs in: any process. What the browser extension (src-extension/, issue 28) asks of Lectio beyond the public
// reader and term endpoints: pairing requests (a short code shown on both sides, answered once in the app) and the
// annotation of text that is not stored (a web page's visible blocks) by the reader's own rules.
import { z } from 'zod';
import { bodyBytesForChars, endpoint, returns } from './endpoint';
import type { ApiTokenDto } from './accounts';
import type { CompactReadingItems, ReaderFamilies } from './reader';
import { ANNOTATE_MAX_BLOCK_CHARS, ANNOTATE_MAX_BLOCKS, ANNOTATE_MAX_TOTAL_CHARS } from './extension-limits';

export { ANNOTATE_MAX_BLOCK_CHARS, ANNOTATE_MAX_BLOCKS, ANNOTATE_MAX_TOTAL_CHARS };

/** Pairing requests live this long; after it they can be neither answered nor polled. */
export const PAIRING_TTL_MS = 5 * 60_000;
/** Pending requests of one origin at most: more are refused until some expire or are answered. */
export const PAIRING_MAX_PENDING = 20;
/**
 * Pending requests in all, counted apart for browser extensions and for everything else (sites and programs asking
 * through AnkiConnect): twenty web pages asking never keep the learner's own extension from pairing (issue 43).
 */
export const PAIRING_MAX_PENDING_TOTAL = 200;
/** Origins a pairing request may come from: browser extensions only (the Origin header, never the body). */
export const EXTENSION_ORIGIN_RE = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9._-]{1,64}$/;

/**
 * What kind of thing asks, from its origin, as the Allow prompt names it: a browser extension, a page or program of
 * this computer (a loopback address), or a web site.
 */
export type PairingAsker = 'extension' | 'local' | 'website';
export function pairingAskerOf(origin: string): PairingAsker {
  if (EXTENSION_ORIGIN_RE.test(origin)) return 'extension';
  if (/^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(origin)) return 'local';
  return /^https?:\/\//i.test(origin) ? 'website' : 'local';
}

export type PairingStatus = 'pending' | 'allowed' | 'denied' | 'expired' | 'delivered';

/** A pairing request as the app shows it (no secrets). */
export interface PairingRequestDto {
  id: string;
  name: string;
  origin: string;
  code: string;
  /** Who asks, from the origin: the prompt says it plainly (issue 43). */
  asker: PairingAsker;
  created: number;
  expires_at: number;
  status: PairingStatus;
}

export const annotateInput = z.object({
  language_id: z.coerce.number().int().positive(),
  // Length caps are checked by the service (clear coded errors naming the block), not here.
  blocks: z.array(z.object({ id: z.string().min(1).max(64), text: z.string() })).min(1),
  /** `items` (the default): the compact reader view's shape; `spans`: only what colouring needs (AnnotateSpans). */
  format: z.enum(['items', 'spans']).optional(),
});

/** One block's items in the compact view's shape (CompactReadingItems.items), forms shared by all blocks. */
export interface AnnotatedBlock {
  id: string;
  items: CompactReadingItems['items'];
  readings?: Record<number, string>;
}

export interface AnnotateResult {
  language_id: number;
  /** [text, data_hex, kind] of every distinct token text of all blocks. */
  forms: CompactReadingItems['forms'];
  blocks: AnnotatedBlock[];
  /** Lemma-family hints of word forms without a term (the reader's "family known"), by index into `forms`. */
  families: ReaderFamilies;
  /** Translation and romanization of the terms found that have one (the reader's hints). */
  terms: { id: number[]; translation: string[]; romanization: string[] };
  /** Running words, distinct unknown words, known share of running words (as the library counts them). */
  counts: { words: number; unknown: number; known_pct: number };
}

/**
 * The `spans` answer: what a page's colouring needs and nothing else (the extension's; about a third of `items`).
 * Numbers in flat arrays, the distinct word forms once: no per-token objects, no spaces or punctuation, no hashes.
 */
export interface AnnotateSpans {
  language_id: number;
  format: 'spans';
  /** The distinct word forms of all blocks, lowercased as terms are (WoTextLC): status and term id (0: none). */
  words: { lc: string[]; status: number[]; termId: number[] };
  /** The multi-word terms found (WoTextLC, status, id). */
  multis: { lc: string[]; status: number[]; termId: number[] };
  /** The reader's lemma hints of word forms without a term: `words` index → the lemma. */
  hints: { word: number[]; lemma: string[] };
  blocks: AnnotatedSpansBlock[];
  counts: AnnotateResult['counts'];
}

export interface AnnotatedSpansBlock {
  id: string;
  /**
   * Every word of the block in order, three numbers each: characters from the end of the previous word found (the
   * block's start for the first) to its start, its length, its index in `words`. A word whose text is not in the
   * block as sent (the language's character substitutions) has -1 and 0.
   */
  w: number[];
  /** Sentence k is characters [s[2k], s[2k + 1]) of the block's text. */
  s: number[];
  /** Multi-word occurrences, three numbers each: the index (in `w`) of its first word, its word count, its `multis` index. */
  m: number[];
  /** Readings (Japanese) by word index. */
  readings?: Record<number, string>;
}

export const pairingContract = {
  'pairing.create': endpoint({
    method: 'POST',
    path: '/api/v1/pairing',
    access: 'pairing',
    // `origin` is set by the server from the Origin header; a value in the body is overwritten.
    input: z.object({ name: z.string().trim().min(1).max(80), origin: z.string().max(200).optional() }),
    output: returns<{ id: string; secret: string; code: string; expires_at: number }>(),
  }),
  'pairing.poll': endpoint({
    method: 'POST',
    path: '/api/v1/pairing/poll',
    access: 'pairing',
    input: z.object({ id: z.string().min(1).max(64), secret: z.string().min(1).max(100), origin: z.string().max(200).optional() }),
    output: returns<{ status: PairingStatus; token?: string; api_token?: ApiTokenDto }>(),
  }),
  'pairing.pending': endpoint({
    method: 'GET',
    path: '/api/v1/pairing/pending',
    access: 'read',
    input: z.object({ id: z.string().max(64).optional() }),
    output: returns<PairingRequestDto[]>(),
  }),
  'pairing.answer': endpoint({
    method: 'POST',
    path: '/api/v1/pairing/:id/answer',
    access: 'manage',
    input: z.object({ id: z.string().min(1).max(64), allow: z.boolean() }),
    output: returns<{ success: true; status: PairingStatus }>(),
  }),
};

export const annotateContract = {
  'annotate.blocks': endpoint({
    method: 'POST',
    path: '/api/v1/annotate',
    access: 'read',
    input: annotateInput,
    output: returns<AnnotateResult | AnnotateSpans>(),
    maxBodyBytes: bodyBytesForChars(ANNOTATE_MAX_TOTAL_CHARS) + ANNOTATE_MAX_BLOCKS * 100,
  }),
};

export const extensionContract = { ...pairingContract, ...annotateContract };
