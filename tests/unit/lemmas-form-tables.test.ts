// The shipped running-text lemma tables (issue 47): the loader reads the gzipped file of resources/lemma-tables
// and the Spanish table gives the commonest words of running text their lemma (a Hunspell reading alone gave
// es → e, fue → fue, hay → hay, casa → casar).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formTableFile, formTableShips, formTableSource, loadFormTable, parseFormTableInSlices } from '../../src-main/modules/lemmas/form-tables';
import { parseFormTable } from '../../src-shared/lemmas/form-table';
import { LEMMA_QUALITY } from '../../src-shared/lemmas/quality';

describe('running-text form tables', () => {
  it('loads the Spanish table: casa, es, fue, hay → casa, ser, ser, haber', async () => {
    const es = await loadFormTable('es');
    expect(es).not.toBeNull();
    expect(es!.size).toBeGreaterThan(5000);
    expect(['casa', 'es', 'Fue', 'hay', 'estaba', 'gobierno'].map((w) => es!.lemma(w))).toEqual(['casa', 'ser', 'ser', 'haber', 'estar', 'gobierno']);
    expect(es!.lemma('qwertzuiop')).toBeNull();
    // Loaded once a process: the same table.
    expect(await loadFormTable('es')).toBe(es);
  });

  it('German and Russian: the copula and auxiliaries', async () => {
    const de = (await loadFormTable('de'))!;
    expect(['ist', 'war', 'sind', 'worden', 'hat'].map((w) => de.lemma(w))).toEqual(['sein', 'sein', 'sein', 'werden', 'haben']);
    // A noun as the text writes it, with its capital, is the noun; lowercase it is the verb (german-pos-dict).
    expect(['Leben', 'leben', 'Reisen', 'reisen', 'Gläubigen', 'gläubigen'].map((w) => de.lemma(w))).toEqual([
      'Leben',
      'leben',
      'Reise',
      'reisen',
      'Gläubige',
      'gläubig',
    ]);
    // Where the treebank already gives the noun, no capital row: Rate stays Rate (not the lexicon's old dative of Rat).
    expect(de.lemma('Rate')).toBe('Rate');
    // Session 17: comparatives and superlatives under their positive, a present participle its own adjective, an
    // adjective before the rarer verb made from it, a one-word verb before another's Konjunktiv II.
    expect(['größere', 'längsten', 'besseres', 'dauernd', 'tollen', 'führen'].map((w) => de.lemma(w))).toEqual([
      'groß',
      'lang',
      'gut',
      'dauernd',
      'toll',
      'führen',
    ]);
    const ru = (await loadFormTable('ru'))!;
    expect(['были', 'был'].map((w) => ru.lemma(w))).toEqual(['быть', 'быть']);
    // Reading the German table (1.3 MB) takes a while on a loaded machine.
  }, 30_000);

  it('the largest tables (German, Italian: ~300,000 rows) are parsed in slices, giving the event loop turns, with the same rows', async () => {
    const text = zlib.gunzipSync(fs.readFileSync(formTableFile('de'))).toString('utf8');
    let turns = 0;
    let parsing = true;
    const tick = () => {
      turns++;
      if (parsing) setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await parseFormTableInSlices(text);
    parsing = false;
    expect(turns).toBeGreaterThan(1);
    const whole = parseFormTable(text);
    expect(sliced.size).toBe(whole.size);
    expect(sliced.size).toBeGreaterThan(200_000);
    for (const w of ['starb', 'Häuser', 'wichtigen', 'Regierung', 'ist']) expect(sliced.lemma(w), w).toBe(whole.lemma(w));
    expect(['starb', 'Häuser', 'wichtigen'].map((w) => sliced.lemma(w))).toEqual(['sterben', 'Haus', 'wichtig']);
    // Parsing the 1.3 MB table twice takes ~2 s on a quiet machine: room for a loaded one (it counts turns, not time).
  }, 30_000);

  it("Japanese: UD_Japanese-GSD's UniDic lemmas for する, いる, こと and the copula's forms", async () => {
    const ja = (await loadFormTable('ja'))!;
    expect(ja.size).toBeGreaterThan(3000);
    expect(['し', 'さ', 'する', 'いる', 'こと', 'で', 'な', 'あっ', 'なっ'].map((w) => ja.lemma(w))).toEqual([
      '為る',
      '為る',
      '為る',
      '居る',
      '事',
      'だ',
      'だ',
      '有る',
      '成る',
    ]);
    expect(formTableSource('ja')).toEqual({
      sources: [expect.stringMatching(/^UniversalDependencies\/UD_Japanese-GSD ja_gsd-ud-dev\.conllu/)],
      license: 'CC BY-SA 4.0',
    });
  });

  it('no table for a language without one; every table says its sources and licences', async () => {
    expect(await loadFormTable('xx')).toBeNull();
    expect(formTableShips('xx')).toBe(false);
    for (const iso of ['es', 'fr', 'de', 'pt', 'ru', 'ja']) {
      const src = formTableSource(iso)!;
      expect(src.sources.length, iso).toBeGreaterThan(0);
      expect(src.license, iso).not.toMatch(/NC|ND/);
      // The measured figure names its dev file (never a test file).
      expect(LEMMA_QUALITY[iso].running?.source, iso).toMatch(/-ud-dev\.conllu/);
    }
  });
});
