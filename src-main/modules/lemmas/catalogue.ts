// Runs in: main. Downloadable lemma lists (resources/lemma-sources.json): the catalogue per language and the
// one-click download, through the guarded fetcher (production reaches public addresses only; tests put a
// catalogue pointing at 127.0.0.1 into `catalogueSlot` and use the outbound allowance).
import catalogueFile from '../../../resources/lemma-sources.json' with { type: 'json' };
import { AppError, notFound } from '../../../src-shared/contract/errors';
import type { LemmaSourceDto } from '../../../src-shared/contract/lemmas';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import { OutboundError, outboundAppError, safeFetch } from '../../net/fetch';
import { getLanguage } from '../languages';
import { getSetting } from '../settings';
import { importLemmaList, LEMMA_LIST_MAX_BYTES } from './import';
import { isoForFile } from './dictionary';
import { msg } from '../../../src-shared/contract/messages';

const SHIPPED: readonly LemmaSourceDto[] = (catalogueFile as { sources: LemmaSourceDto[] }).sources;
/** Tests only: a catalogue in place of the shipped one (lists on a 127.0.0.1 server). */
export const catalogueSlot = cacheSlot<readonly LemmaSourceDto[]>('lemmas.catalogue');

const catalogue = (ctx: HandlerContext): readonly LemmaSourceDto[] => catalogueSlot.get(ctx.services) ?? SHIPPED;

/** The whole catalogue, or the lists for one language's ISO code. */
export function listLemmaSources(ctx: HandlerContext, languageId?: number): LemmaSourceDto[] {
  if (languageId === undefined) return [...catalogue(ctx)];
  const iso = isoForFile(getLanguage(ctx, languageId).LgIsoCode);
  return catalogue(ctx).filter((c) => c.language === iso);
}

/**
 * Where a catalogue list is fetched from: its own URL, or the same file name under the `lemmaListsMirrorUrl`
 * setting (a mirror on the learner's network; tests point it at a fake server). Either way through the guard.
 */
export function sourceUrl(ctx: HandlerContext, item: LemmaSourceDto): string {
  const mirror = getSetting(ctx, 'lemmaListsMirrorUrl').trim();
  if (!mirror) return item.url;
  const file = item.url.split('/').pop() || `${item.id}.txt`;
  return new URL(encodeURIComponent(file), mirror.replace(/\/*$/, '/')).toString();
}

/** The fetcher's failure in plain words for the settings page. */
function downloadError(name: string, err: OutboundError): AppError {
  const why =
    err.code === 'http_status'
      ? err.status === 404
        ? msg('lemmas.gone')
        : msg('lemmas.httpError', { status: String(err.status) })
      : err.code === 'timeout'
        ? msg('lemmas.timeout')
        : err.code === 'too_large'
          ? msg('lemmas.tooLarge')
          : err.code === 'blocked'
            ? msg('lemmas.blocked')
            : err.code === 'bad_url'
              ? msg('lemmas.badUrl')
              : msg('lemmas.offline');
  return new AppError(502, msg('lemmas.downloadFailed', { name, why }));
}

export async function downloadLemmaSource(ctx: HandlerContext, languageId: number, sourceId: string) {
  getLanguage(ctx, languageId);
  const item = catalogue(ctx).find((c) => c.id === sourceId);
  if (!item) throw notFound(msg('lemmas.listNotFound'));
  let body: Buffer;
  try {
    body = (await safeFetch(sourceUrl(ctx, item), { allowance: ctx.services.outboundAllowance, maxBytes: LEMMA_LIST_MAX_BYTES, timeoutMs: 5 * 60_000 })).body;
  } catch (err) {
    if (err instanceof OutboundError) throw err.code === 'offline' ? outboundAppError(err, err.text) : downloadError(item.name, err);
    if (err instanceof TypeError) throw new AppError(400, msg('lemmas.badMirror'));
    throw err;
  }
  const filename = item.url.split('/').pop() || `${item.id}.txt`;
  return importLemmaList(ctx, {
    language_id: languageId,
    file: { filename, mimeType: 'text/plain', data: new Uint8Array(body) },
    lemma_column: item.format === 'lemma-form' ? 1 : 2,
  });
}
