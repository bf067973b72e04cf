// Texts stored unparsed (a book's chapters, moved-in texts, the texts of a language whose rules changed) parsed
// after their import or the change, several a transaction (src-main/modules/texts/parse-later.ts): each parsed as a
// text created directly is, one that fails left unparsed with nothing half-stored while the others are kept, foreign
// keys on again afterwards, the reading position kept on its word, the Japanese analyzer loaded for a language that
// needs it, and a parse made with rules changed since never stored.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { backgroundParsesIdle, createTextsToParse, parseStoredTexts } from '../../src-main/modules/texts';
import { transact } from '../../src-main/db/sql';
import { prose } from '../helpers/epub';

const s = withServer();

const count = (sql: string, ...args: unknown[]) =>
  s.core.sqlite
    .prepare(sql)
    .pluck()
    .get(...args) as number;

/** Texts stored unparsed in one transaction, as an import stores them. */
function storeUnparsed(languageId: number, texts: string[]): number[] {
  const ctx = s.core.context();
  return transact(ctx, () =>
    createTextsToParse(
      ctx,
      texts.map((TxText, i) => ({ TxLgID: languageId, TxTitle: `Unparsed ${i + 1}`, TxText, TxAudioURI: '', TxSourceURI: '', TxArchived: false })),
    ),
  );
}

/** What a text's parse stored: its occurrences (form, order, word count, term) and sentences, ids left out. */
function parseOf(textId: number) {
  return {
    occurrences: s.core.sqlite
      .prepare(
        `SELECT TfTextLC, Ti2Order, Ti2WordCount, WoTextLC FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID
         LEFT JOIN words ON WoID = Ti2WoID WHERE Ti2TxID = ? ORDER BY Ti2Order, Ti2WordCount`,
      )
      .raw(true)
      .all(textId),
    sentences: s.core.sqlite.prepare('SELECT SeOrder, SeFirstPos, SeStart, SeLength FROM sentences WHERE SeTxID = ? ORDER BY SeOrder').raw(true).all(textId),
  };
}

/** Counts the write transactions begun on the core's connection while `work` runs (savepoints not counted). */
async function countingTransactions(work: () => Promise<void>): Promise<number> {
  const sqlite = s.core.sqlite;
  const original = sqlite.transaction;
  let begun = 0;
  sqlite.transaction = ((fn: Parameters<typeof original>[0]) => {
    const tx = original.call(sqlite, fn);
    // The driver's transaction functions are frozen: a look-alike counts the outermost BEGIN IMMEDIATEs.
    return Object.assign((...args: []) => tx(...args), {
      deferred: tx.deferred,
      exclusive: tx.exclusive,
      default: tx.default,
      immediate: (...args: []) => {
        if (!sqlite.inTransaction) begun++;
        return tx.immediate(...args);
      },
    });
  }) as typeof original;
  try {
    await work();
  } finally {
    sqlite.transaction = original;
  }
  return begun;
}

describe('texts stored unparsed, parsed after their import', () => {
  it('parses 30 texts in fewer transactions than texts, each as a text created directly', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
    for (const term of ['the', 'morning', 'light', 'of the'])
      expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: term, WoStatus: 3 })).status).toBe(200);
    const texts = Array.from({ length: 30 }, (_, i) => `${prose(120, i + 1)} The morning light of the day.`);
    const ids = storeUnparsed(lg, texts);
    const failures: number[] = [];
    const transactions = await countingTransactions(() => parseStoredTexts(s.core.context(), ids, (id) => failures.push(id)));
    expect(failures).toEqual([]);
    expect(count(`SELECT count(*) FROM texts WHERE TxID IN (${ids.join(',')}) AND TxNeedsParse = 1`)).toBe(0);
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(ids.length);
    // The same words, sentences and term links (a multi-word term included) as a text created and parsed at once.
    for (const i of [0, 17, 29]) {
      const direct = (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: `Direct ${i}`, TxText: texts[i] })).body.TxID;
      const stored = parseOf(ids[i]);
      expect(stored.occurrences.length).toBeGreaterThan(120);
      expect(stored.occurrences.some((o) => (o as unknown[])[3] === 'of the')).toBe(true);
      expect(stored).toEqual(parseOf(direct));
    }
    expect(s.core.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(s.core.sqlite.pragma('foreign_key_check')).toEqual([]);
  });

  it('a text that fails is left unparsed with nothing stored and reported; the others are kept; foreign keys stay on', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Deutsch', LgIsoCode: 'de' })).body.LgID;
    const ids = storeUnparsed(lg, ['Der erste Text ist kurz.', 'Der zweite Text scheitert beim Speichern.', 'Der dritte Text ist auch kurz.']);
    // The second text's occurrences cannot be written: its store fails after its sentences were.
    s.core.sqlite.exec(
      `CREATE TEMP TRIGGER fail_second BEFORE INSERT ON word_occurrences WHEN NEW.Ti2TxID = ${ids[1]} BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
    );
    const failures: [number, string][] = [];
    try {
      await parseStoredTexts(s.core.context(), ids, (id, err) => failures.push([id, (err as Error).message]));
    } finally {
      s.core.sqlite.exec('DROP TRIGGER temp.fail_second');
    }
    expect(failures).toEqual([[ids[1], 'disk says no']]);
    expect(ids.map((id) => count('SELECT TxNeedsParse FROM texts WHERE TxID = ?', id))).toEqual([0, 1, 0]);
    expect(count('SELECT count(*) FROM word_occurrences WHERE Ti2TxID = ?', ids[1])).toBe(0);
    expect(count('SELECT count(*) FROM sentences WHERE SeTxID = ?', ids[1])).toBe(0);
    expect(count('SELECT count(*) FROM word_occurrences WHERE Ti2TxID = ?', ids[2])).toBe(6);
    expect(s.core.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    // Opened later, the failed text is parsed then.
    const words = (await s.client.get(`/api/v1/texts/${ids[1]}/words`)).body.items.filter((i: { Ti2WordCount: number }) => i.Ti2WordCount === 1);
    expect(words).toHaveLength(6);
    expect(count('SELECT TxNeedsParse FROM texts WHERE TxID = ?', ids[1])).toBe(0);
  });

  it('skips a text parsed or deleted meanwhile and an unknown id, and keeps a reading position on its word', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Français', LgIsoCode: 'fr' })).body.LgID;
    const ids = storeUnparsed(lg, ['Un texte déjà lu.', 'Un texte effacé.', 'Le chat dort. Le chien court vite dans le jardin.']);
    await s.client.get(`/api/v1/texts/${ids[0]}/words`);
    expect((await s.client.delete(`/api/v1/texts/${ids[1]}`)).status).toBe(200);
    // A text read up to "chien" whose parse is asked for again (its language's rules changed): the position stays
    // on that word.
    await s.client.get(`/api/v1/texts/${ids[2]}/words`);
    const chien = count(
      "SELECT Ti2Order FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID WHERE Ti2TxID = ? AND TfTextLC = 'chien' AND Ti2WordCount = 1",
      ids[2],
    );
    s.core.sqlite.prepare('UPDATE texts SET TxPosition = ?, TxNeedsParse = 1 WHERE TxID = ?').run(chien, ids[2]);
    const failures: number[] = [];
    await parseStoredTexts(s.core.context(), [...ids, 999_999], (id) => failures.push(id));
    expect(failures).toEqual([]);
    expect(count('SELECT TxNeedsParse FROM texts WHERE TxID = ?', ids[2])).toBe(0);
    const position = count('SELECT TxPosition FROM texts WHERE TxID = ?', ids[2]);
    const word = s.core.sqlite
      .prepare('SELECT TfTextLC FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID WHERE Ti2TxID = ? AND Ti2Order = ? AND Ti2WordCount = 1')
      .pluck()
      .get(ids[2], position);
    expect(word).toBe('chien');
  });

  it('loads the Japanese analyzer for a language that needs it', async () => {
    const ja = (await s.client.post('/api/v1/languages', { LgName: 'Japanese' })).body;
    expect(ja.LgParserType).toBe('morphological');
    const [id] = storeUnparsed(ja.LgID, ['北風と太陽。']);
    await parseStoredTexts(s.core.context(), [id], () => {});
    expect(
      s.core.sqlite
        .prepare('SELECT TfTextLC FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID WHERE Ti2TxID = ? AND Ti2WordCount = 1 ORDER BY Ti2Order')
        .pluck()
        .all(id),
    ).toEqual(['北風', 'と', '太陽']);
  });

  it('a language whose rules change: its texts are marked in the change and parsed after it, with the newest rules', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Hyphenish', LgRegexpWordCharacters: 'a-z' })).body.LgID;
    const texts = Array.from({ length: 60 }, (_, i) => `${prose(60, i + 7).toLowerCase()} well-known rock-solid text ${i}.`);
    const ids: number[] = [];
    for (const TxText of texts) ids.push((await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'Hyphenish text', TxText })).body.TxID);
    const wordsOf = (id: number) =>
      s.core.sqlite
        .prepare('SELECT TfTextLC FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID WHERE Ti2TxID = ? AND Ti2WordCount = 1 ORDER BY Ti2Order')
        .pluck()
        .all(id) as string[];
    expect(wordsOf(ids[0])).toContain('well');

    // Hyphens join words; a turn later, before the texts are all parsed again, digits join them too. The first
    // change's parse, still running with its rules, must not store what the second change asked to parse anew.
    const ctx = s.core.context();
    await s.core.dispatch('languages.update', { id: lg, LgRegexpWordCharacters: 'a-z\\-' });
    expect(count(`SELECT count(*) FROM texts WHERE TxLgID = ? AND TxNeedsParse = 1`, lg)).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    await s.core.dispatch('languages.update', { id: lg, LgRegexpWordCharacters: 'a-z0-9\\-' });
    await backgroundParsesIdle(ctx);
    expect(count(`SELECT count(*) FROM texts WHERE TxLgID = ? AND TxNeedsParse = 1`, lg)).toBe(0);
    for (const [i, id] of ids.entries()) {
      const words = wordsOf(id);
      expect(words).toContain('well-known');
      // The digits of "text 12" are a word only under the newest rules.
      expect(
        words.some((w) => w.startsWith(String(i))),
        `text ${i}: ${words.slice(-3).join(' ')}`,
      ).toBe(true);
    }
  });
});
