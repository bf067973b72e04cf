// What a subtitle import stores, over real HTTP: the same sentences and occurrences as creating the text the
// plain way, occurrences that are exactly the words of the tokenizer's object view (parseText; the rules of issue 33
// changed what the old reference tokenizer, tests/unit/tokenize-reference.ts, would cut), and timings (computed from the parse inside the import's transaction)
// equal to timing the stored sentences afterwards.
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../../src-shared/contract/languages';
import { decodeSubtitleBytes, joinCues, parseSubtitles, timingsForSentences } from '../../src-shared/subtitles';
import { parseText } from '../../src-shared/text/tokenize';

let lang = 0;
const english = (presetFile as { presets: LanguagePreset[] }).presets.find((p) => p.LgName === 'English')!;

/** Cues of every kind the join meets: markup, entities, repeats, whitespace-only, long silences after a sentence. */
function srt(cues: number): Buffer {
  const words = ['The', 'quiet', 'streets', "don't", 'sleep', 'Mr.', 'Smith', 'walks', 'home...', '3.14', '«ja»', 'naïve', 'café', 'e.g.', 'now'];
  const stamp = (t: number) => {
    const p = (x: number, w = 2) => String(x).padStart(w, '0');
    const ms = Math.round(t * 1000);
    return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
  };
  let out = '';
  let at = 1;
  let previous = '';
  for (let i = 1; i <= cues; i++) {
    let text = Array.from({ length: 2 + (i % 7) }, (_, k) => words[(i * 5 + k * 3) % words.length]).join(i % 11 === 0 ? '  ' : ' ');
    if (i % 3 === 0) text += '.';
    if (i % 13 === 0) text = `<i>${text}</i> &amp; more?`;
    if (i % 17 === 0) text = previous;
    if (i % 19 === 0) text = '   ';
    // Whitespace the cue cleaning keeps (ideographic spaces) inside a sentence: its timing text is one-spaced.
    if (i % 23 === 0) text = `${text}\u3000\u3000again`;
    at += i % 9 === 0 ? 4 : 0.3;
    out += `${i}\r\n${stamp(at)} --> ${stamp(at + 1.5)}\r\n${text}\r\n\r\n`;
    at += 1.5;
    previous = text;
  }
  return Buffer.from(out);
}

const rows = <T>(sql: string, ...params: unknown[]) =>
  s.core.sqlite
    .prepare(sql)
    .raw(true)
    .all(...params) as T[];
const sentencesOf = (id: number) =>
  rows<[number, number, number, number]>('SELECT SeOrder, SeFirstPos, SeStart, SeLength FROM sentences WHERE SeTxID = ? ORDER BY SeOrder', id);
const occurrencesOf = (id: number) =>
  rows<[string, number, number, number | null]>(
    'SELECT f.TfTextLC, o.Ti2Order, o.Ti2WordCount, o.Ti2WoID FROM word_occurrences o JOIN token_forms f ON f.TfID = o.Ti2TfID WHERE o.Ti2TxID = ? ORDER BY 1, 2, 3',
    id,
  );

const s = withServer();
beforeAll(async () => {
  lang = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  // A known word and a multi-word term: occurrences are linked and multi-word rows stored.
  expect((await s.client.post('/api/v1/terms', { WoLgID: lang, WoText: 'quiet', WoStatus: 2 })).status).toBeLessThan(300);
  expect((await s.client.post('/api/v1/terms', { WoLgID: lang, WoText: 'quiet sleep', WoStatus: 3 })).status).toBeLessThan(300);
});

describe('a subtitle import stores', () => {
  it('the sentences, occurrences and timings of its text, as a plain create and the tokenizer have them', async () => {
    const file = srt(3000);
    const form = new FormData();
    form.append('language_id', String(lang));
    form.append('file', new Blob([new Uint8Array(file)]), 'long.srt');
    const res = await s.client.request('POST', '/api/v1/texts/import-subtitles', { multipart: form });
    expect(res.status).toBe(200);
    const id = res.body.text.TxID as number;
    const text = (s.core.sqlite.prepare('SELECT TxText FROM texts WHERE TxID = ?').pluck().get(id) as string) ?? '';
    const joined = joinCues(parseSubtitles(decodeSubtitleBytes(file)).cues);
    expect(text).toBe(joined.text);
    expect(text).toContain('\n\n');

    // The same text created the plain way (POST /texts) is stored the same.
    const plain = (await s.client.post('/api/v1/texts', { TxLgID: lang, TxTitle: 'plain', TxText: text })).body.TxID as number;
    expect(sentencesOf(id)).toEqual(sentencesOf(plain));
    const stored = occurrencesOf(id);
    expect(stored).toEqual(occurrencesOf(plain));
    expect(stored.some(([, , wordCount]) => wordCount === 2)).toBe(true);
    expect(stored.some(([form, , , term]) => form === 'quiet' && term !== null)).toBe(true);

    // Single-word rows are the tokenizer's words; sentences its sentence spans.
    const ref = parseText(text, english);
    const words = ref.tokens.filter((t) => t.kind === 'word').map((t) => [t.text.toLowerCase(), t.order]);
    const single = stored.filter(([, , wordCount]) => wordCount === 1).map(([form, order]) => [form, order]);
    const byKey = (a: (string | number)[], b: (string | number)[]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : Number(a[1]) - Number(b[1]));
    expect(single).toEqual(words.sort(byKey));
    expect(sentencesOf(id).map(([, , start, length]) => [start, start + length])).toEqual(ref.sentenceSpans);

    // Timings: as timing the stored sentences afterwards would give them, with each sentence's text one-spaced.
    const sentences = sentencesOf(id).map(([order, , from, length]) => ({ order, from, length }));
    const want = timingsForSentences(text, joined.spans, sentences);
    const timings = (await s.client.get(`/api/v1/texts/${id}/timings`)).body as { order: number; start: number; end: number }[];
    expect(timings.length).toBeGreaterThan(500);
    expect(timings).toEqual(want);
    const tmText = rows<[number, string]>('SELECT TmOrder, TmText FROM text_timings WHERE TmTxID = ? ORDER BY TmOrder', id);
    expect(tmText).toEqual(
      want.map((t) => {
        const se = sentences[t.order - 1];
        return [
          t.order,
          text
            .slice(se.from, se.from + se.length)
            .replace(/\s+/g, ' ')
            .trim(),
        ];
      }),
    );
    expect(res.body.timings).toBe(want.length);
  });
});
