// Runs in: main. The curated catalogue (resources/curated-dictionaries.json) and its one-click import.
// The download goes through the guarded fetcher: production can only reach public addresses, whatever
// the catalogue says; tests swap the catalogue via services and reach 127.0.0.1 through the allowance.
import catalogueFile from '../../../resources/curated-dictionaries.json' with { type: 'json' };
import { notFound } from '../../../src-shared/contract/errors';
import type { CuratedDictionaryDto, DictionaryImportSummary } from '../../../src-shared/contract/dictionaries';
import type { HandlerContext } from '../../core/context';
import { OutboundError, outboundAppError, safeFetch } from '../../net/fetch';
import { createFromFile, requireOwnedLanguage } from './service';
import { msg } from '../../../src-shared/contract/messages';

const SHIPPED: readonly CuratedDictionaryDto[] = (catalogueFile as { dictionaries: CuratedDictionaryDto[] }).dictionaries;

/** Downloads are capped like uploads. */
export const CURATED_DOWNLOAD = { maxBytes: 200 * 1024 * 1024, timeoutMs: 5 * 60_000 } as const;

export const catalogue = (ctx: HandlerContext): readonly CuratedDictionaryDto[] => ctx.services.curatedDictionaries ?? SHIPPED;

/** The catalogue, or only the entries whose headword language matches the language's ISO code. */
export function listCurated(ctx: HandlerContext, languageId?: number): CuratedDictionaryDto[] {
  if (languageId === undefined) return [...catalogue(ctx)];
  const language = requireOwnedLanguage(ctx, languageId);
  const iso = language.LgIsoCode.split('-')[0].toLowerCase();
  return catalogue(ctx).filter((c) => c.language === iso);
}

export async function importCurated(ctx: HandlerContext, languageId: number, catalogueId: string): Promise<DictionaryImportSummary> {
  const startedAt = performance.now();
  requireOwnedLanguage(ctx, languageId);
  const item = catalogue(ctx).find((c) => c.id === catalogueId);
  if (!item) throw notFound(msg('dict.curatedNotFound'));
  let body: Uint8Array;
  try {
    body = (await safeFetch(item.url, { allowance: ctx.services.outboundAllowance, ...CURATED_DOWNLOAD })).body;
  } catch (err) {
    if (err instanceof OutboundError) throw outboundAppError(err, msg('dict.downloadFailed', { name: item.name, why: err.text }));
    throw err;
  }
  const summary = await createFromFile(
    ctx,
    languageId,
    { filename: item.filename, data: body },
    {
      LdName: item.name,
      LdSourceURI: item.url,
      LdLicense: `${item.license}. ${item.attribution}`.slice(0, 500),
      LdDescription: item.description,
    },
  );
  // The download is part of this import's time.
  return { ...summary, duration_ms: Math.round(performance.now() - startedAt) };
}
