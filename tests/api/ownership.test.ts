// Ownership, table-driven (DESIGN §3): every registered endpoint is called with another user's ids in
// every shape a caller could pass them. Each call must be refused or answer without the other user's
// data, and afterwards the other user's rows must be exactly as they were. A new endpoint that is not
// covered here fails the coverage check at the end.
// Two modes: single-user (rows handed over to an inserted user) and, from ownership-multiuser.test.ts
// (LECTIO_OWNERSHIP_MULTI=1), multi-user with two real accounts signed in over HTTP (issue 14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHandlers } from '../../src-main/modules';
import { insertForeignUser, startTestServer, type TestClient, type TestServer } from '../helpers/core';
import { multiUserEnv, signedIn } from '../helpers/accounts';

const MULTI = process.env.LECTIO_OWNERSHIP_MULTI === '1';
type Client = Pick<TestClient, 'get' | 'post' | 'put' | 'request' | 'upload' | 'delete'>;
let s: TestServer;
/** Listening rows of the other user (issue 16): a finished transcription job and its media file. */
const FOREIGN_JOB = 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0';
const FOREIGN_MEDIA = 'e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0';
/** The other user's kept sentence translation (issue 49) and word correction (issue 46), written straight in. */
const FOREIGN_TRANSLATION = 900_001;
const FOREIGN_CORRECTION = 900_002;
/** Who tries to reach the other user's rows: the local owner, or (multi-user) a second real account. */
let caller: Client;
const foreign = { userId: 0, LgID: 0, TxID: 0, WoID: 0, MultiWoID: 0, TgID: 0, T2ID: 0, LdID: 0, BkID: 0, BkTxID: 0, AtID: 0, NfID: 0 };

/** Everything the other user owns, read straight from the database. */
function snapshot(): string {
  const q = (sql: string, ...params: unknown[]) => s.core.sqlite.prepare(sql).all(...params);
  return JSON.stringify({
    languages: q('SELECT * FROM languages WHERE LgID = ?', foreign.LgID),
    texts: q('SELECT * FROM texts WHERE TxLgID = ?', foreign.LgID),
    words: q('SELECT * FROM words WHERE WoLgID = ?', foreign.LgID),
    wordTags: q('SELECT * FROM word_tag_map WHERE WtWoID IN (SELECT WoID FROM words WHERE WoLgID = ?)', foreign.LgID),
    tags: q('SELECT * FROM tags WHERE TgUsID = ?', foreign.userId),
    textTags: q('SELECT * FROM text_tags WHERE T2UsID = ?', foreign.userId),
    textTagMap: q('SELECT * FROM text_tag_map WHERE TtTxID = ?', foreign.TxID),
    dictionaries: q('SELECT * FROM local_dictionaries WHERE LdLgID = ?', foreign.LgID),
    entries: q('SELECT count(*) AS n FROM local_dictionary_entries WHERE LeLdID = ?', foreign.LdID),
    sentences: q('SELECT count(*) AS n FROM sentences WHERE SeTxID = ?', foreign.TxID),
    occurrences: q('SELECT Ti2Order, Ti2WordCount, Ti2WoID FROM word_occurrences WHERE Ti2TxID = ? ORDER BY 1, 2', foreign.TxID),
    schedules: q('SELECT * FROM term_schedules WHERE TsWoID IN (SELECT WoID FROM words WHERE WoLgID = ?)', foreign.LgID),
    books: q('SELECT * FROM books WHERE BkLgID = ?', foreign.LgID),
    feeds: q('SELECT * FROM news_feeds WHERE NfLgID = ?', foreign.LgID),
    articles: q('SELECT * FROM feed_links WHERE FlNfID = ?', foreign.NfID),
    timings: q('SELECT * FROM text_timings WHERE TmTxID = ?', foreign.TxID),
    transcriptionJobs: q('SELECT * FROM transcription_jobs WHERE TjID = ?', FOREIGN_JOB),
    mediaFiles: q('SELECT * FROM media_files WHERE MfID = ?', FOREIGN_MEDIA),
    bookChapters: q('SELECT * FROM book_chapters WHERE BcBkID = ?', foreign.BkID),
    user: q('SELECT * FROM users WHERE UsID = ?', foreign.userId),
    apiTokens: q('SELECT AtID, AtName, AtHash, AtExpires FROM api_tokens WHERE AtUsID = ?', foreign.userId),
    translations: q('SELECT * FROM translations WHERE TrUsID = ?', foreign.userId),
    wordCorrections: q('SELECT * FROM word_corrections WHERE WcUsID = ?', foreign.userId),
  });
}

beforeAll(async () => {
  // The budget is raised so every call really runs: a 429 would pass the leak check without proving anything.
  const unlimited = {
    LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000',
    LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '1000000',
    LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES: '1000000',
  };
  s = await startTestServer({ env: MULTI ? multiUserEnv({ POW_CAPTCHA_ENABLED: 'false', ...unlimited }) : unlimited });
  const owner = MULTI ? await signedIn(s.baseUrl, 'zz-owner') : null;
  const c: Client = owner ?? s.client;
  // Build the other user's library through the API, then hand it over to them.
  const lang = (await c.post('/api/v1/languages', { LgName: 'Zzforeign', LgIsoCode: 'de' })).body;
  foreign.LgID = lang.LgID;
  const tt = await c.post('/api/v1/text-tags', { T2Text: 'zztexttag' });
  foreign.T2ID = tt.body.T2ID;
  const text = await c.post('/api/v1/texts', {
    TxLgID: lang.LgID,
    TxTitle: 'Zztitle',
    TxText: 'Zzforeignword steht hier. Zzforeignword zzother!',
    TextTags: { TagList: ['zztexttag'] },
  });
  expect(text.status).toBe(200);
  foreign.TxID = text.body.TxID;
  const term = await c.post('/api/v1/terms', { WoLgID: lang.LgID, WoText: 'zzforeignword', WoTranslation: 'zzsecret', TermTags: { TagList: ['zztag'] } });
  expect(term.status).toBe(200);
  foreign.WoID = term.body.WoID;
  foreign.TgID =
    (await c.get('/api/v1/tags')).body.find((t: { TgText: string }) => t.TgText === 'zztag')?.TgID ?? (await c.get('/api/v1/tags')).body.tags?.[0]?.TgID;
  const multi = await c.post('/api/v1/terms/multi', { WoLgID: lang.LgID, WoText: 'zzforeignword zzother', WoTranslation: 'zzsecret2', TxID: text.body.TxID });
  foreign.MultiWoID = multi.body.WoID ?? 0;
  const dict = await c.post('/api/v1/local-dictionaries', { LdLgID: lang.LgID, LdName: 'Zzdict' });
  foreign.LdID = dict.body.LdID;
  await c.upload(`/api/v1/local-dictionaries/${foreign.LdID}/import`, { name: 'd.csv', data: Buffer.from('zzforeignword,zzsecretdef\n') });
  await c.put('/api/v1/review/status', { term_id: foreign.WoID, status: 3 });
  const book = await c.post('/api/v1/books', {
    language_id: lang.LgID,
    title: 'Zztitle book',
    text: 'CHAPTER I\n\nZzforeignword one.\n\nCHAPTER II\n\nZzforeignword two.',
  });
  expect(book.status).toBe(200);
  foreign.BkID = book.body.BkID;
  foreign.BkTxID = book.body.chapters[0].text_id;
  expect(
    (
      await c.put(`/api/v1/texts/${foreign.TxID}/timings`, {
        timings: [
          { order: 1, start: 0.5 },
          { order: 2, start: 2 },
        ],
      })
    ).status,
  ).toBe(200);

  foreign.AtID = (await c.post('/api/v1/auth/tokens', { name: 'zztoken' })).body.api_token.id;
  const feed = await c.post('/api/v1/feeds', {
    NfLgID: lang.LgID,
    NfName: 'Zzsecret feed',
    NfSourceURI: 'http://127.0.0.1:9/zzsecret.rss',
    NfOptions: 'tag=zztag',
  });
  expect(feed.status).toBe(200);
  foreign.NfID = feed.body.NfID;
  s.core.sqlite
    .prepare("INSERT INTO feed_links (FlNfID, FlTitle, FlLink, FlText) VALUES (?, 'Zzsecret article', 'http://127.0.0.1:9/zzsecret', 'zzsecret text')")
    .run(foreign.NfID);

  if (owner) foreign.userId = owner.userId;
  else {
    foreign.userId = insertForeignUser(s.core, 'zz-owner');
    for (const [table, col] of [
      ['languages', 'LgUsID'],
      ['texts', 'TxUsID'],
      ['words', 'WoUsID'],
      ['tags', 'TgUsID'],
      ['text_tags', 'T2UsID'],
      ['local_dictionaries', 'LdUsID'],
      ['books', 'BkUsID'],
      ['api_tokens', 'AtUsID'],
      ['news_feeds', 'NfUsID'],
    ])
      s.core.sqlite.prepare(`UPDATE ${table} SET ${col} = ?`).run(foreign.userId);
  }
  s.core.services.cache.clear();
  s.core.sqlite
    .prepare("INSERT INTO media_files (MfID, MfUsID, MfFileName, MfType, MfExt, MfSize, MfCreated) VALUES (?, ?, 'zzsecret.wav', 'audio/wav', 'wav', 10, 0)")
    .run(FOREIGN_MEDIA, foreign.userId);
  s.core.sqlite
    .prepare(
      `INSERT INTO transcription_jobs (TjID, TjUsID, TjRemoteID, TjStatus, TjFileName, TjMfID, TjResult, TjCreated, TjUpdated)
       VALUES (?, ?, 'remote-1', 'completed', 'zzsecret.wav', ?, '{"text":"zzsecret transcript","language":"de","duration_seconds":1,"segments":[]}', 0, 0)`,
    )
    .run(FOREIGN_JOB, foreign.userId, FOREIGN_MEDIA);
  s.core.sqlite
    .prepare(
      `INSERT INTO translations (TrID, TrUsID, TrText, TrSource, TrTarget, TrProvider, TrTranslation, TrCreated)
       VALUES (?, ?, 'Zzforeignword steht hier.', 'de', 'en', 'libretranslate', 'zzsecret translation', 0)`,
    )
    .run(FOREIGN_TRANSLATION, foreign.userId);
  s.core.sqlite
    .prepare(`INSERT INTO word_corrections (WcID, WcUsID, WcLgID, WcText, WcParts, WcCreated) VALUES (?, ?, ?, 'zzforeignword', '["zzforeign","word"]', 0)`)
    .run(FOREIGN_CORRECTION, foreign.userId, foreign.LgID);

  // The caller's own language, so requests are otherwise well-formed.
  caller = MULTI ? await signedIn(s.baseUrl, 'zz-caller') : s.client;
  await caller.post('/api/v1/languages', { LgName: 'Mine', LgIsoCode: 'en' });
});
afterAll(() => s.close());

/** The id a path parameter stands for, by the route's resource. */
function fillPath(path: string): string {
  const seg = path.replace(/^\/api\/v1\//, '').split('/')[0];
  return path
    .replace(':term_id', String(foreign.WoID))
    .replace(':word_id', String(foreign.WoID))
    .replace(':job_id', FOREIGN_JOB)
    .replace(':media_id', FOREIGN_MEDIA)
    .replace(':text_id', String(foreign.BkTxID))
    .replace(':correctionId', String(FOREIGN_CORRECTION))
    .replace(':id', () => {
      if (path.includes('/by-language/')) return String(foreign.LgID);
      if (path.includes('/terms/multi/')) return String(foreign.MultiWoID || foreign.WoID);
      const byResource: Record<string, number> = {
        languages: foreign.LgID,
        texts: foreign.TxID,
        terms: foreign.WoID,
        tags: foreign.TgID,
        'text-tags': foreign.T2ID,
        'local-dictionaries': foreign.LdID,
        books: foreign.BkID,
        feeds: foreign.NfID,
        auth: foreign.AtID,
        admin: foreign.userId,
        translation: FOREIGN_TRANSLATION,
        // Pairing requests (issue 28) are not rows of anyone: any id is an unknown request.
        pairing: foreign.LgID,
      };
      const id = byResource[seg];
      if (!id) throw new Error(`No foreign id for ${path}: add the resource to ownership.test.ts`);
      return String(id);
    });
}

/** Every shape in which a caller might pass another user's ids. */
function inputVariants(): Record<string, unknown>[] {
  const L = foreign.LgID;
  const W = foreign.WoID;
  const T = foreign.TxID;
  return [
    {},
    { language_id: L, lang_id: L, LgID: L, term_lc: 'zzforeignword', term: 'zzforeignword', lemma_lc: 'zzforeignword' },
    { job_id: FOREIGN_JOB, media_id: FOREIGN_MEDIA, language_id: L, title: 'sneaky', text: 'sneaky text', timings: [{ order: 1, start: 9 }] },
    { lang: L },
    { text: T },
    { selection: String(W) },
    { term_id: W, status: 5 },
    { ids: [W], action: 's99' },
    { ids: [W], action: 'del' },
    { ids: [W], action: 'addtag', tag: 'zzhacked' },
    { marked: [W], lang_id: L },
    { WoLgID: L, WoText: 'sneaky', TxLgID: L, TxTitle: 'sneaky', TxText: 'sneaky text', LdLgID: L, LdName: 'sneaky', NfLgID: L },
    { TxID: T, WoLgID: L, WoText: 'zzforeignword', WoStatus: 5, Ti2Order: 0, order: 0, position: 10 },
    { language_id: L, lemma_lc: 'zzforeignword', status: 99 },
    { language_id: L, catalogue_id: 'freedict-deu-eng' },
    { language_id: L, text_id: T, tag: 'zztag', tag_id: foreign.TgID, status: 1 },
    { language_id: L, blocks: [{ id: 'b1', text: 'zzforeignword sneaky' }] },
  ];
}

const FOREIGN_MARKERS = /zzforeign|zzsecret|zztitle|zzdict|zztexttag|zztag|zz-owner|zztoken/i;

describe(`ownership (table-driven over every endpoint, ${MULTI ? 'two real accounts' : 'single-user'})`, () => {
  // Signing the caller out would turn every later call into a 401 and prove nothing.
  const handlers = allHandlers.filter((h) => h.path && !(MULTI && ['auth.logout', 'auth.form.logout'].includes(h.name)));

  it('has a full foreign library to protect', () => {
    const snap = JSON.parse(snapshot());
    expect(snap.languages).toHaveLength(1);
    expect(snap.texts).toHaveLength(3); // the text and the foreign book's two chapters
    expect(snap.books).toHaveLength(1);
    expect(snap.bookChapters).toHaveLength(2);
    expect(snap.words.length).toBeGreaterThanOrEqual(2);
    expect(snap.wordTags.length).toBeGreaterThanOrEqual(1);
    expect(snap.textTagMap).toHaveLength(1);
    expect(snap.dictionaries).toHaveLength(1);
    expect(snap.entries[0].n).toBe(1);
    expect(snap.occurrences.some((o: { Ti2WoID: number | null }) => o.Ti2WoID === foreign.WoID)).toBe(true);
    expect(snap.schedules).toHaveLength(1);
  });

  it("never acts on or reveals another user's rows", async () => {
    const before = snapshot();
    const leaks: string[] = [];
    for (const h of handlers) {
      const path = fillPath(h.path!);
      for (const input of inputVariants()) {
        let res;
        if (h.method === 'GET') {
          const qs = new URLSearchParams();
          for (const [k, v] of Object.entries(input)) for (const x of Array.isArray(v) ? v : [v]) qs.append(Array.isArray(v) ? `${k}[]` : k, String(x));
          res = await caller.get(`${path}${qs.toString() ? `?${qs}` : ''}`);
        } else res = await caller.request(h.method, path, { json: input });
        if (res.status >= 200 && res.status < 300) {
          const text = Buffer.isBuffer(res.body) ? res.body.toString('latin1') : res.text;
          if (FOREIGN_MARKERS.test(text)) leaks.push(`${h.method} ${path} ${JSON.stringify(input)} → ${res.status}: ${text.slice(0, 200)}`);
        }
        expect(res.status, `${h.method} ${path}`).not.toBe(500);
        expect(res.status, `${h.method} ${path} was rate limited`).not.toBe(429);
      }
    }
    expect(leaks).toEqual([]);
    expect(snapshot()).toBe(before);
    // Still signed in as the caller: the calls above really ran as that account.
    if (MULTI) expect((await caller.get('/api/v1/auth/me')).body.user?.username).toBe('zz-caller');
  }, 120_000);

  it('answers a foreign row like a missing one', async () => {
    for (const [path, missing] of [
      [`/api/v1/languages/${foreign.LgID}`, '/api/v1/languages/999999'],
      [`/api/v1/texts/${foreign.TxID}`, '/api/v1/texts/999999'],
      [`/api/v1/terms/${foreign.WoID}`, '/api/v1/terms/999999'],
      [`/api/v1/feeds/${foreign.NfID}`, '/api/v1/feeds/999999'],
    ]) {
      const a = await caller.get(path);
      const b = await caller.get(missing);
      expect([a.status, a.body.error]).toEqual([b.status, b.body.error]);
    }
  });

  it("imports from LWT never merge into another user's language of the same name (issue 15)", async () => {
    const before = snapshot();
    const dump =
      "-- lwt-backup\nCREATE TABLE `languages` (`LgID` int, `LgName` varchar(40));\nCREATE TABLE `words` (`WoID` int, `WoLgID` int, `WoText` varchar(250), `WoStatus` int);\nINSERT INTO languages VALUES (1, 'Zzforeign');\nINSERT INTO words VALUES (1, 1, 'zzforeignword', 5);\n";
    // Through the core as the caller: the table-driven test above spent this minute's HTTP rate budget.
    const row = s.core.sqlite.prepare("SELECT UsID, UsRole FROM users WHERE UsUsername = 'zz-caller'").get() as
      { UsID: number; UsRole: 'user' | 'admin' } | undefined;
    const user = MULTI && row ? { id: row.UsID, username: 'zz-caller', role: row.UsRole } : undefined;
    const res = (await s.core.dispatch('import.lwt', { file: { filename: 'lwt.sql', data: Buffer.from(dump) } }, user, 'http')) as Record<string, any>;
    expect(res.languages[0]).toMatchObject({ name: 'Zzforeign', conflict: false, action: 'create' });
    expect(res.created).toMatchObject({ languages: 1, terms: 1 });
    expect(snapshot()).toBe(before);
    // Backup, restore and empty are admin-only in multi-user mode (the caller is a plain user there).
    if (MULTI) {
      await expect(s.core.dispatch('backup.download', {}, user, 'http')).rejects.toMatchObject({ status: 403 });
      await expect(s.core.dispatch('backup.empty', { confirm: 'EMPTY' }, user, 'http')).rejects.toMatchObject({ status: 403 });
    }
    expect(snapshot()).toBe(before);
  });

  it('covers every endpoint with a path parameter', () => {
    for (const h of handlers) expect(() => fillPath(h.path!)).not.toThrow();
  });
});
