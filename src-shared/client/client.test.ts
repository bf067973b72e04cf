import { describe, expect, it } from 'vitest';
import { contract } from '../contract';
import { httpClient } from '.';

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error));
  }
}

/** A fetch that records each request and answers with `answer`. */
function recording(answer: () => Response) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return answer();
  }) as typeof globalThis.fetch;
  return { seen, fetch };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the shared HTTP client', () => {
  it('calls an endpoint by its contract name: method and path from the contract, the caller’s base and headers', async () => {
    const { seen, fetch } = recording(() => json({ WoID: 7, created: true }));
    const client = httpClient(contract, {
      fetch,
      base: () => 'http://127.0.0.1:5170',
      headers: () => ({ authorization: 'Bearer t' }),
      credentials: 'omit',
      error: (status, body) => new Refused(status, body),
    });
    const term = await client.call('reader.quickTerm', { WoLgID: 1, WoText: 'Haus', WoStatus: 2 });
    expect(term.WoID).toBe(7);
    expect(seen[0].url).toBe('http://127.0.0.1:5170/api/v1/terms/quick');
    expect(seen[0].init.method).toBe('POST');
    expect(seen[0].init.credentials).toBe('omit');
    expect(seen[0].init.headers).toEqual({ 'Content-Type': 'application/json', authorization: 'Bearer t' });
    expect(JSON.parse(String(seen[0].init.body))).toEqual({ WoLgID: 1, WoText: 'Haus', WoStatus: 2 });
    expect(seen[0].init.keepalive).toBeUndefined();
  });

  it('fills route params and sends the rest of a GET as the query', async () => {
    const { seen, fetch } = recording(() => json({ entries: [], lemma_entries: [] }));
    const client = httpClient(contract, { fetch, base: () => '', error: (s, b) => new Refused(s, b) });
    await client.call('dictionaries.lookup', { language_id: 3, term: 'Fuß bad' });
    expect(seen[0].url).toBe('/api/v1/local-dictionaries/lookup?language_id=3&term=Fu%C3%9F+bad');
    await client.call('languages.get', { id: 12 });
    expect(seen[1].url).toBe('/api/v1/languages/12');
    await expect(client.call('languages.get', {} as { id: number })).rejects.toMatchObject({ status: 400, message: 'Missing id' });
  });

  it('throws the caller’s error with the status and the coded body', async () => {
    const { fetch } = recording(() => json({ error: 'Too many requests; try again later', code: 'request.tooManyRequests' }, 429));
    const client = httpClient(contract, { fetch, base: () => '', error: (s, b) => new Refused(s, b) });
    const err = await client.call('languages.list', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refused);
    expect(err).toMatchObject({ status: 429, body: { code: 'request.tooManyRequests' } });
  });

  it('sends files as multipart through the caller’s sendForm, and small JSON writes with keepalive when asked', async () => {
    const { seen, fetch } = recording(() => json({ ok: true }));
    const forms: FormData[] = [];
    const client = httpClient(contract, {
      fetch,
      base: () => '',
      keepalive: true,
      sendForm: async (_method, _url, form) => {
        forms.push(form);
        return json({ created: 1, skipped: 0 });
      },
      error: (s, b) => new Refused(s, b),
    });
    await client.call('feeds.importOpml', { language_id: 2, file: new File(['<opml/>'], 'feeds.opml') });
    expect(forms[0].get('language_id')).toBe('2');
    expect((forms[0].get('file') as File).name).toBe('feeds.opml');
    expect(seen).toHaveLength(0);
    await client.call('reader.quickTerm', { WoLgID: 1, WoText: 'x', WoStatus: 1 });
    expect(seen[0].init.keepalive).toBe(true);
  });

  it('refuses a name that has no HTTP route', async () => {
    const client = httpClient(
      { 'only.ipc': { ...contract['languages.list'], path: undefined } },
      { fetch, base: () => '', error: (s, b) => new Refused(s, b) },
    );
    await expect(client.call('only.ipc', {})).rejects.toMatchObject({ status: 404 });
  });
});
