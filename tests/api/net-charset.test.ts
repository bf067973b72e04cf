// The one charset decoder (src-main/net/charset.ts) and the CLI switch that opens the outbound guard for tests.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBytes } from '../../src-main/net/charset';
import { loadConfig, parseCliArgs } from '../../src-main/core/config';
import { parseFeedBytes } from '../../src-main/modules/feeds/extract';

const SAMPLES: [string, string][] = [
  ['gb2312', '今天天气很好，我们去公园散步吧。'],
  ['gbk', '中华人民共和国的首都是北京。'],
  ['big5', '臺灣的首都是臺北市，人口很多。'],
  ['shift_jis', '日本語の文章です。東京は大きな都市です。'],
  ['euc-kr', '서울은 대한민국의 수도입니다.'],
  ['windows-1250', 'Příliš žluťoučký kůň úpěl ďábelské ódy.'],
  ['windows-1251', 'Съешь же ещё этих мягких французских булок.'],
  ['windows-1252', 'Voilà une façon élégante de déjeuner — naïve.'],
  ['windows-1253', 'Η γρήγορη καφέ αλεπού πηδάει.'],
  ['windows-1254', 'Pijamalı hasta yağız şoföre çabucak güvendi.'],
  ['iso-8859-1', 'Größe, Übermaß und Äpfel für Köln.'],
  ['iso-8859-2', 'Zażółć gęślą jaźń, łódź.'],
  ['iso-8859-5', 'Широкая электрификация южных губерний.'],
  ['iso-8859-7', 'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.'],
  ['koi8-r', 'В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!'],
];

describe('decodeBytes', () => {
  for (const [charset, text] of SAMPLES) {
    it(`${charset}: from the Content-Type, from <meta>, from the XML declaration`, () => {
      const bytes = iconv.encode(text, charset === 'gb2312' ? 'gbk' : charset);
      expect(decodeBytes(bytes, { contentType: `text/html; charset=${charset}` }).text).toBe(text);
      const html = iconv.encode(`<html><head><meta charset="${charset}"></head><body>${text}</body></html>`, charset === 'gb2312' ? 'gbk' : charset);
      expect(decodeBytes(html, { contentType: 'text/html' }).text).toContain(text);
      const xml = iconv.encode(`<?xml version="1.0" encoding="${charset}"?><t>${text}</t>`, charset === 'gb2312' ? 'gbk' : charset);
      expect(decodeBytes(xml).text).toContain(text);
    });
  }
  it('a BOM wins, the option wins over everything, valid UTF-8 beats a single-byte declaration', () => {
    expect(decodeBytes(Buffer.from('\uFEFFhé', 'utf8'), { contentType: 'text/plain; charset=koi8-r' })).toMatchObject({ text: 'hé', source: 'bom' });
    expect(decodeBytes(iconv.encode('Привет', 'koi8-r'), { charset: 'koi8-r', contentType: 'text/plain; charset=utf-8' })).toMatchObject({
      text: 'Привет',
      source: 'option',
    });
    expect(decodeBytes(Buffer.from('Grüße', 'utf8'), { contentType: 'text/plain; charset=iso-8859-1' })).toMatchObject({ text: 'Grüße', charset: 'utf-8' });
    expect(decodeBytes(Buffer.from('plain ascii'))).toMatchObject({ text: 'plain ascii', source: 'default' });
  });
  it('detects a long undeclared Shift_JIS and windows-1251 text', () => {
    const ja =
      '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。'.repeat(3);
    expect(decodeBytes(iconv.encode(ja, 'shift_jis')).text).toBe(ja);
    const ru = 'Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему. Всё смешалось в доме Облонских.'.repeat(3);
    expect(decodeBytes(iconv.encode(ru, 'windows-1251')).text).toBe(ru);
  });
});

describe('worker path and CLI switch', () => {
  it('a feed larger than the in-process limit parses the same (parser is a pure function)', () => {
    const items = Array.from(
      { length: 800 },
      (_, i) => `<item><title>Item ${i}</title><link>http://x/${i}</link><description>${'word '.repeat(60)}</description></item>`,
    ).join('');
    const bytes = Buffer.from(`<rss version="2.0"><channel><title>Big</title>${items}</channel></rss>`);
    expect(bytes.byteLength).toBeGreaterThan(256 * 1024);
    const r = parseFeedBytes({ bytes, contentType: 'application/rss+xml', url: 'http://x/' });
    expect(r.kind === 'feed' && r.feed.items.length).toBe(800);
  });
  it('--allow-outbound-host is repeatable and refused in multi-user mode', () => {
    const cli = parseCliArgs(['--allow-outbound-host', '127.0.0.1', '--allow-outbound-host=LOCALHOST']);
    expect(loadConfig({}, cli, '/tmp/x').allowOutboundHosts).toEqual(['127.0.0.1', 'localhost']);
    expect(() => loadConfig({ MULTI_USER_ENABLED: 'true' }, cli, '/tmp/x')).toThrow(/refused when MULTI_USER_ENABLED is true/);
    expect(loadConfig({}, parseCliArgs([]), '/tmp/x').allowOutboundHosts).toEqual([]);
  });
});
