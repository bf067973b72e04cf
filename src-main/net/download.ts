// Runs in: main. safeFetch for handlers: the core's outbound allowance and deadline applied, the body copied
// into its own ArrayBuffer (so it can be moved into a worker), and every refusal turned into a plain-text
// AppError (422) the learner can read, with the fetcher's reason code kept for tests and logs; being offline is
// the shared 503 (net.offline) the screens offer Retry for.
import { AppError } from '../../src-shared/contract/errors';
import type { Services } from '../core/services';
import { OutboundError, outboundAppError, safeFetch, type SafeFetchOptions } from './fetch';

export interface Downloaded {
  url: string;
  status: number;
  contentType: string;
  bytes: Uint8Array;
  etag: string;
  lastModified: string;
  notModified: boolean;
}

export type DownloadOptions = Omit<SafeFetchOptions, 'allowance'>;

export async function download(services: Services, url: string, opts: DownloadOptions = {}): Promise<Downloaded> {
  try {
    const timeoutMs = services.outboundTimeoutMs ?? opts.timeoutMs;
    const res = await safeFetch(url, { ...opts, allowance: services.outboundAllowance, ...(timeoutMs ? { timeoutMs } : {}) });
    const bytes = new Uint8Array(res.body.byteLength);
    bytes.set(res.body);
    const header = (name: string) => {
      const v = res.headers[name];
      return typeof v === 'string' ? v : '';
    };
    return {
      url: res.url,
      status: res.status,
      contentType: res.contentType,
      bytes,
      etag: header('etag'),
      lastModified: header('last-modified'),
      notModified: !!res.notModified,
    };
  } catch (err) {
    if (err instanceof OutboundError) throw err.code === 'offline' ? outboundAppError(err, err.text) : new AppError(422, err.text, { reason: err.code });
    throw err;
  }
}
