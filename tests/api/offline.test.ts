// Offline is said as offline: every outbound call whose host cannot be resolved (what a machine without network
// sees) answers the one coded 503 `net.offline` ("You seem to be offline: … could not be reached", Spanish in the
// interface) instead of the system's "getaddrinfo ENOTFOUND …": the open library, a web page, a feed, a dictionary
// download, a lemma list. Hosts under .invalid never resolve, so this holds with or without a network.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { serverMessage } from '../../src-renderer/lib/i18n/server';

const s = withServer({ language: { LgName: 'German', LgIsoCode: 'de' } });

const offline = (host: string) => ({
  code: 'net.offline',
  params: { host },
  error: `You seem to be offline: ${host} could not be reached`,
  reason: 'offline',
});
const noSystemText = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo|ECONN/);

describe('without a network', () => {
  it('the open library (Gutenberg) says so', async () => {
    await s.client.post('/api/v1/settings', { key: 'gutendexUrl', value: 'https://gutendex.invalid' });
    const res = await s.client.get(`/api/v1/library/gutenberg?language_id=${s.languageId}`);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject(offline('gutendex.invalid'));
    noSystemText(res.body);
  });

  it('a web page import and a feed say so', async () => {
    const page = await s.client.post('/api/v1/texts/from-url', { url: 'https://news.invalid/story', language_id: s.languageId });
    expect([page.status, page.body]).toMatchObject([503, offline('news.invalid')]);
    const feed = await s.client.post('/api/v1/feeds/probe', { url: 'https://feeds.invalid/rss.xml' });
    expect([feed.status, feed.body]).toMatchObject([503, offline('feeds.invalid')]);
    noSystemText(feed.body);
  });

  it('a dictionary download says so (not "Download of … failed: …")', async () => {
    s.core.services.curatedDictionaries = [
      {
        id: 'freedict-deu-eng',
        name: 'FreeDict German–English',
        language: 'de',
        target_language: 'en',
        filename: 'deu-eng.tar.xz',
        url: 'https://download.freedict.invalid/deu-eng.tar.xz',
        homepage: 'https://freedict.org',
        license: 'GPL',
        attribution: 'FreeDict',
        description: 'German to English',
      },
    ];
    const res = await s.client.post('/api/v1/local-dictionaries/import-curated', { language_id: s.languageId, catalogue_id: 'freedict-deu-eng' });
    expect([res.status, res.body]).toMatchObject([503, offline('download.freedict.invalid')]);
  });

  it('a web dictionary that cannot be asked says so by code, and is asked again next time', async () => {
    const url = '/api/v1/web-dictionaries/embeddable?url=' + encodeURIComponent('https://dict.invalid/?q=Haus');
    const first = await s.client.get(url);
    expect(first.body).toMatchObject({ embeddable: false, unreachable: true, reason_message: { code: 'net.offline', params: { host: 'dict.invalid' } } });
    noSystemText(first.body);
    const hits = (s.core.services.cache.get('webDictionaries.embeddable') as Map<string, unknown> | undefined)?.size ?? 0;
    expect(hits).toBe(0);
  });

  it('reads in Spanish in the Spanish interface', () => {
    expect(serverMessage({ code: 'net.offline', params: { host: 'gutendex.com' } }, 'es')).toBe('Parece que no hay conexión: no se pudo llegar a gutendex.com');
  });
});
