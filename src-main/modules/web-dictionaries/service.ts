// Runs in: main. Whether a web dictionary's page may be framed by the word panel. A browser cannot read a
// cross-origin site's headers, so the app asks the site once (through the one outbound fetch, with its address
// guard) and reads X-Frame-Options and CSP frame-ancestors. Answers are remembered per origin for the session.
import type { EmbeddableDto } from '../../../src-shared/contract/web-dictionaries';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import { OutboundError, safeFetch } from '../../net/fetch';

const REMEMBER_MS = 10 * 60 * 1000;
const answersSlot = cacheSlot<Map<string, { at: number; dto: EmbeddableDto }>>('webDictionaries.embeddable');

// Several CSP headers each apply: joined as one policy list.
const header = (headers: Record<string, string | string[] | undefined>, name: string, separator: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(separator) : (v ?? '');
};

/** The framing verdict of one answer's headers (exported for the unit test). */
export function framingOf(headers: Record<string, string | string[] | undefined>): EmbeddableDto {
  const xfo = header(headers, 'x-frame-options', ', ').trim();
  if (xfo) return { embeddable: false, reason: `The site forbids embedding (X-Frame-Options: ${xfo})` };
  const ancestors = /(?:^|;)\s*frame-ancestors\s+([^;]*)/i.exec(header(headers, 'content-security-policy', '; '))?.[1]?.trim();
  if (ancestors !== undefined && !ancestors.split(/\s+/).includes('*'))
    return { embeddable: false, reason: `The site forbids embedding (frame-ancestors ${ancestors})` };
  return { embeddable: true };
}

export async function embeddable(ctx: HandlerContext, url: string): Promise<EmbeddableDto> {
  const key = new URL(url).origin;
  const answers = answersSlot.get(ctx.services) ?? answersSlot.set(ctx.services, new Map());
  const hit = answers.get(key);
  if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.dto;
  let dto: EmbeddableDto;
  try {
    const res = await safeFetch(url, { allowance: ctx.services.outboundAllowance, timeoutMs: 8_000, maxBytes: 8 * 1024 * 1024 });
    dto = framingOf(res.headers);
  } catch (err) {
    // Unreachable, refused by the address guard, too large: not framed (the panel opens a new tab instead). Said by
    // code too, so the panel says it in the interface language; being offline is not remembered (it passes).
    dto = {
      embeddable: false,
      reason: err instanceof Error ? err.message : String(err),
      ...(err instanceof OutboundError ? { reason_message: err.text } : {}),
    };
    if (err instanceof OutboundError && err.code === 'offline') return { ...dto, unreachable: true };
  }
  answers.set(key, { at: Date.now(), dto });
  return dto;
}
