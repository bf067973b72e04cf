// Runs in: main. Downloadable lemma lists (resources/lemma-sources.json): the catalogue per language and the
// one-click download, through the guarded fetcher (production reaches public addresses only; tests put a
// catalogue pointing at 127.0.0.1 into the services cache and use the outbound allowance).
import catalogueFile from '../../../resources/lemma-sources.json' with { type: 'json' };
import { AppError, notFound } from '../../../src-shared/contract/errors';
import type { LemmaSourceDto } from '../../../src-shared/contract/lemmas';
import type { HandlerContext } from '../../core/context';
import { OutboundError, safeFetch } from '../../net/fetch';
import { getLanguage } from '../languages/service';
import { importLemmaList, LEMMA_LIST_MAX_BYTES } from './import';
import { isoForFile } from './dictionary';

const SHIPPED: readonly LemmaSourceDto[] = (catalogueFile as { sources: LemmaSourceDto[] }).sources;
export const CATALOGUE_KEY = 'lemmas:catalogue';

const catalogue = (ctx: HandlerContext): readonly LemmaSourceDto[] => (ctx.services.cache.get(CATALOGUE_KEY) as LemmaSourceDto[] | undefined) ?? SHIPPED;

/** The whole catalogue, or the lists for one language's ISO code. */
export function listLemmaSources(ctx: HandlerContext, languageId?: number): LemmaSourceDto[] {
  if (languageId === undefined) return [...catalogue(ctx)];
  const iso = isoForFile(getLanguage(ctx, languageId).LgIsoCode);
  return catalogue(ctx).filter((c) => c.language === iso);
}

export async function downloadLemmaSource(ctx: HandlerContext, languageId: number, sourceId: string) {
  getLanguage(ctx, languageId);
  const item = catalogue(ctx).find((c) => c.id === sourceId);
  if (!item) throw notFound('Lemma list not found');
  let body: Buffer;
  try {
    body = (await safeFetch(item.url, { allowance: ctx.services.outboundAllowance, maxBytes: LEMMA_LIST_MAX_BYTES, timeoutMs: 5 * 60_000 })).body;
  } catch (err) {
    if (err instanceof OutboundError) throw new AppError(502, `Download of ${item.name} failed: ${err.message}`);
    throw err;
  }
  const filename = item.url.split('/').pop() || `${item.id}.txt`;
  return importLemmaList(ctx, {
    language_id: languageId,
    file: { filename, mimeType: 'text/plain', data: new Uint8Array(body) },
    lemma_column: item.format === 'lemma-form' ? 1 : 2,
  });
}
