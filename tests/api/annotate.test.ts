// POST /api/v1/annotate (issue 28): the reader's rules on text that is not stored (a web page's blocks): statuses,
// multi-word terms, lemma hints, Japanese through the same analyzer; caps with clear errors; owner-scoped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOTATE_MAX_BLOCK_CHARS,
  ANNOTATE_MAX_BLOCKS,
  ANNOTATE_MAX_TOTAL_CHARS,
  type AnnotateResult,
  type AnnotateSpans,
} from '../../src-shared/contract/extension';
import { insertForeignLanguage, startTestServer, type TestServer } from '../helpers/core';

let s: TestServer;
let de = 0;
beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  de = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
  await s.client.post('/api/v1/terms/quick', { WoLgID: de, WoText: 'Fuchs', WoStatus: 3, WoTranslation: 'fox' });
  await s.client.post('/api/v1/terms/quick', { WoLgID: de, WoText: 'der', WoStatus: 99 });
  await s.client.post('/api/v1/terms/multi', { WoLgID: de, WoText: 'guten Morgen', WoStatus: 2 });
});
afterAll(() => s.close());

/** A block in the compact notation of the reader tests: word(status), multi-word [text](status). */
function notation(r: AnnotateResult, id: string): string {
  const b = r.blocks.find((x) => x.id === id)!;
  return b.items.form
    .map((f, i) => {
      const [text, , kind] = r.forms[f];
      if (b.items.wordCount[i] > 1) return `[${text}](${b.items.status[i]})`;
      return kind === 'word' ? `${text}(${b.items.status[i]})` : text;
    })
    .join('/');
}

describe('POST /api/v1/annotate', () => {
  it('gives each block the compact view’s items with statuses, multi-word terms and hints', async () => {
    const res = await s.client.post('/api/v1/annotate', {
      language_id: de,
      blocks: [
        { id: 'p1', text: 'Der Fuchs sagt: guten Morgen!' },
        { id: 'p2', text: 'Ein Fuchs.' },
      ],
    });
    expect(res.status).toBe(200);
    const r = res.body as AnnotateResult;
    expect(notation(r, 'p1')).toBe('Der(99)/ /Fuchs(3)/ /sagt(0)/:/ /guten(0)/[guten Morgen](2)/ /Morgen(0)/!');
    expect(notation(r, 'p2')).toBe('Ein(0)/ /Fuchs(3)/.');
    // Forms are shared by the blocks; data_hex is the SHA-256 of the lowercased word, as in the reader.
    const fuchs = r.forms.findIndex(([t]) => t === 'Fuchs');
    expect(r.forms[fuchs][1]).toMatch(/^[0-9a-f]{64}$/);
    expect(r.forms.filter(([t]) => t === 'Fuchs')).toHaveLength(1);
    expect(r.terms.translation).toContain('fox');
    // 7 running words, of which "Der" is known: unknown counts distinct words without a term (sagt, guten, Morgen, Ein).
    expect(r.counts).toEqual({ words: 7, unknown: 4, known_pct: 14.3 });
    expect(r.families).toEqual({ form: expect.any(Array), lemma: expect.any(Array), status: expect.any(Array) });
  });

  it('caps blocks and totals with clear errors, and answers a foreign language like a missing one', async () => {
    const long = await s.client.post('/api/v1/annotate', { language_id: de, blocks: [{ id: 'big', text: 'a'.repeat(ANNOTATE_MAX_BLOCK_CHARS + 1) }] });
    expect([long.status, long.body.code, long.body.error]).toEqual([413, 'annotate.blockTooLong', expect.stringContaining('Block big has')]);
    const many = Array.from({ length: 11 }, (_, i) => ({ id: `b${i}`, text: 'a '.repeat(ANNOTATE_MAX_TOTAL_CHARS / 20) }));
    const total = await s.client.post('/api/v1/annotate', { language_id: de, blocks: many });
    expect([total.status, total.body.code]).toEqual([413, 'annotate.totalTooLong']);
    const blocks = Array.from({ length: ANNOTATE_MAX_BLOCKS + 1 }, (_, i) => ({ id: `b${i}`, text: 'x' }));
    expect((await s.client.post('/api/v1/annotate', { language_id: de, blocks })).body.code).toBe('annotate.tooManyBlocks');
    expect((await s.client.post('/api/v1/annotate', { language_id: de, blocks: [] })).status).toBe(400);
    const { languageId } = insertForeignLanguage(s.core, 'Hidden');
    const foreign = await s.client.post('/api/v1/annotate', { language_id: languageId, blocks: [{ id: 'a', text: 'hallo' }] });
    const missing = await s.client.post('/api/v1/annotate', { language_id: 999999, blocks: [{ id: 'a', text: 'hallo' }] });
    expect([foreign.status, foreign.body.error]).toEqual([missing.status, missing.body.error]);
    expect(foreign.status).toBe(404);
  });

  it('cuts Japanese with the same morphological parser as the reader, with readings', async () => {
    const ja = (await s.client.post('/api/v1/languages', { LgName: 'Japanese' })).body.LgID;
    await s.client.post('/api/v1/terms/quick', { WoLgID: ja, WoText: '猫', WoStatus: 4 });
    const r = (await s.client.post('/api/v1/annotate', { language_id: ja, blocks: [{ id: 'j', text: '私は猫が好きです。' }] })).body as AnnotateResult;
    expect(notation(r, 'j')).toBe('私(0)/は(0)/猫(4)/が(0)/好き(0)/です(0)/。');
    expect(Object.values(r.blocks[0].readings ?? {})).toContain('ネコ');
  }, 60_000);

  it('stores nothing', async () => {
    const before = s.core.sqlite.prepare('SELECT (SELECT count(*) FROM texts) AS t, (SELECT count(*) FROM words) AS w').get();
    await s.client.post('/api/v1/annotate', { language_id: de, blocks: [{ id: 'a', text: 'Neue Wörter hier.' }] });
    expect(s.core.sqlite.prepare('SELECT (SELECT count(*) FROM texts) AS t, (SELECT count(*) FROM words) AS w').get()).toEqual(before);
  });

  it('answers only what colouring needs in the spans format: words by place, forms once, multi-word terms, sentences', async () => {
    const text = '  Der Fuchs sagt:  guten Morgen! Ein Fuchs.';
    const res = await s.client.post('/api/v1/annotate', { language_id: de, format: 'spans', blocks: [{ id: 'p1', text }] });
    expect(res.status).toBe(200);
    const r = res.body as AnnotateSpans;
    expect(r.format).toBe('spans');
    const [b] = r.blocks;
    // Each word's place in the text as sent (gaps counted from the previous word's end), its form's status.
    const words: string[] = [];
    for (let j = 0, pos = 0; j < b.w.length; j += 3) {
      const start = pos + b.w[j];
      pos = start + b.w[j + 1];
      const f = b.w[j + 2];
      expect(r.words.lc[f]).toBe(text.slice(start, pos).toLowerCase());
      words.push(`${text.slice(start, pos)}(${r.words.status[f]})`);
    }
    expect(words.join(' ')).toBe('Der(99) Fuchs(3) sagt(0) guten(0) Morgen(0) Ein(0) Fuchs(3)');
    // Forms are listed once, with the term's id where there is one.
    expect(r.words.lc.filter((lc) => lc === 'fuchs')).toHaveLength(1);
    expect(r.words.termId[r.words.lc.indexOf('fuchs')]).toBeGreaterThan(0);
    expect(r.words.termId[r.words.lc.indexOf('sagt')]).toBe(0);
    // "guten Morgen" starts at the fourth word and spans two.
    expect(b.m).toEqual([3, 2, 0]);
    expect([r.multis.lc[0], r.multis.status[0]]).toEqual(['guten morgen', 2]);
    // Sentences as spans of the text sent.
    const sentences: string[] = [];
    for (let k = 0; k < b.s.length; k += 2)
      sentences.push(
        text
          .slice(b.s[k], b.s[k + 1])
          .replace(/\s+/g, ' ')
          .trim(),
      );
    expect(sentences).toEqual(['Der Fuchs sagt: guten Morgen!', 'Ein Fuchs.']);
    expect(r.counts).toEqual({ words: 7, unknown: 4, known_pct: 14.3 });
    expect(r.hints).toEqual({ word: expect.any(Array), lemma: expect.any(Array) });
  });

  it('spans are a fraction of the items shape for an article, and validated like it', async () => {
    const sentence = 'Der Fuchs läuft am frühen Morgen durch den stillen Garten der alten Nachbarn. ';
    const blocks = Array.from({ length: 40 }, (_, i) => ({ id: `b${i}`, text: sentence.repeat(10) }));
    const items = await s.client.post('/api/v1/annotate', { language_id: de, blocks });
    const spans = await s.client.post('/api/v1/annotate', { language_id: de, blocks, format: 'spans' });
    expect([items.status, spans.status]).toEqual([200, 200]);
    expect(JSON.stringify(spans.body).length).toBeLessThan(JSON.stringify(items.body).length / 2);
    expect((spans.body as AnnotateSpans).counts).toEqual((items.body as AnnotateResult).counts);
    expect((await s.client.post('/api/v1/annotate', { language_id: de, blocks, format: 'columns' })).status).toBe(400);
  });

  it('gives Japanese readings by word in the spans format', async () => {
    const ja = (await s.client.get('/api/v1/languages')).body.find((l: { LgName: string }) => l.LgName === 'Japanese').LgID;
    const r = (await s.client.post('/api/v1/annotate', { language_id: ja, format: 'spans', blocks: [{ id: 'j', text: '私は猫が好きです。' }] }))
      .body as AnnotateSpans;
    const [b] = r.blocks;
    const cat = r.words.lc.indexOf('猫');
    const index = (b.w.findIndex((x, j) => j % 3 === 2 && x === cat) - 2) / 3;
    expect(r.words.status[cat]).toBe(4);
    expect(b.readings?.[index]).toBe('ネコ');
  }, 60_000);
});
