// Issue 21, items 11 and 13 (fetcher): user-supplied regex settings cannot backtrack, and IPv4 wrapped in
// IPv6 (NAT64, SIIT, Teredo, 6to4, ISATAP) is unwrapped before the private-address check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress, isLoopbackAddress } from '../../src-main/net/address';
import { parseText, type ParserSettings } from '../../src-shared/text/tokenize';
import { wordCharacterClass, wordCharactersProblem } from '../../src-shared/text/regex-settings';
import { startTestServer, type TestServer } from '../helpers/core';

const EVIL = 'a-z]|(?:(1+1+)+2)|[a';

describe('word-character settings (item 11)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('refuses a setting that is not one character class when it is saved', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: 'Evil', LgRegexpWordCharacters: EVIL });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/LgRegexpWordCharacters: "\]" must be escaped/);
    expect(s.core.sqlite.prepare("SELECT count(*) AS n FROM languages WHERE LgName = 'Evil'").get()).toEqual({ n: 0 });
    const ok = await s.client.post('/api/v1/languages', { LgName: 'Fine', LgRegexpWordCharacters: 'a-zA-ZäöüßÄÖÜ\\-' });
    expect(ok.status).toBe(200);
  });

  it('a stored setting that was never validated is taken literally: a 35-character text parses in < 100 ms', () => {
    expect(wordCharactersProblem(EVIL)).not.toBeNull();
    expect(wordCharacterClass(EVIL)).toBe('[a\\-z\\]|(?:(1+1+)+2)|\\[a]');
    const settings = {
      LgRegexpWordCharacters: EVIL,
      LgRegexpSplitSentences: '.!?',
      LgExceptionsSplitSentences: 'Mr.|(a+)+$',
      LgParserType: 'regex',
      LgIsoCode: 'xx',
      LgSplitEachChar: false,
      LgRemoveSpaces: false,
      LgCharacterSubstitutions: '',
    } as unknown as ParserSettings;
    const text = '1'.repeat(34) + '!';
    const t = performance.now();
    const parsed = parseText(text, settings);
    expect(performance.now() - t).toBeLessThan(100);
    expect(parsed.tokens.length).toBeGreaterThan(0);
  });

  it('accepts the shapes real settings use', () => {
    for (const ok of ['\\p{L}\\p{M}', "a-zA-Z'’", '\\u0600-\\u06FF', '\\u{1F600}', 'α-ωΑ-Ω', '\\-\\]\\[']) expect(wordCharactersProblem(ok), ok).toBeNull();
    for (const bad of ['a]', '[a', '\\', '\\p', '\\x{0600}', 'z-a']) expect(wordCharactersProblem(bad), bad).not.toBeNull();
  });
});

describe('outbound address checks (item 13)', () => {
  it('unwraps IPv4 from NAT64, SIIT, Teredo, 6to4 and ISATAP before the private-address check', () => {
    for (const a of [
      '64:ff9b::7f00:1', // NAT64 well-known → 127.0.0.1
      '64:ff9b::a00:1', // → 10.0.0.1
      '64:ff9b:1::a9fe:a9fe', // local-use NAT64 (refused whole)
      '64:ff9b:1:abcd::8.8.8.8',
      '::ffff:0:a9fe:a9fe', // SIIT → 169.254.169.254
      '::ffff:0:192.168.0.1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo, client 192.0.2.45 (obfuscated)
      '2001:0:c0a8:101::1', // Teredo, server 192.168.1.1
      '2002:c0a8:101::1', // 6to4 → 192.168.1.1
      'fe80::5efe:c0a8:101',
      '2a00:1450::5efe:a00:1', // ISATAP → 10.0.0.1
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['64:ff9b::808:808', '2606:4700:4700::1111', '8.8.8.8', '2001:0:808:808:8000:63bf:f7f7:f7f7']) expect(isBlockedAddress(a), a).toBe(false);
  });

  it('knows loopback in every spelling', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::', '::ffff:10.0.0.1', 'localhost', '']) expect(isLoopbackAddress(a), a).toBe(false);
  });
});

describe('URL fields (item 7)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('accepts http(s) and app paths, refuses javascript:, data:, file: and //host at input', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'German', LgDict1URI: '*https://de.wiktionary.org/wiki/###' })).body.LgID;
    expect(lg).toBeGreaterThan(0);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '//evil.example/a.mp3',
      'java\tscript:alert(1)',
    ]) {
      const text = await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'T', TxText: 'Ein Satz.', TxAudioURI: bad });
      expect(text.status, bad).toBe(400);
      expect(text.body.error).toMatch(/TxAudioURI/);
      const source = await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'T', TxText: 'Ein Satz.', TxSourceURI: bad });
      expect(source.status, bad).toBe(400);
      const dict = await s.client.post('/api/v1/languages', { LgName: `X${Math.random()}`.slice(0, 20), LgDict2URI: bad });
      expect(dict.status, bad).toBe(400);
      expect(dict.body.error).toMatch(/LgDict2URI/);
    }
    expect(s.core.sqlite.prepare('SELECT count(*) AS n FROM texts').get()).toEqual({ n: 0 });
    for (const ok of ['https://example.org/a.mp3', 'http://example.org/a.mp3', '/api/v1/media/0123456789abcdef0123456789abcdef', '']) {
      const text = await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: `T ${ok}`, TxText: 'Ein Satz.', TxAudioURI: ok });
      expect(text.status, `${ok}: ${text.text}`).toBe(200);
    }
  });
});
