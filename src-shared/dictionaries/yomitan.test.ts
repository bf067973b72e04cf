import { describe, expect, it } from 'vitest';
import { parseYomitan, renderGlossary } from './yomitan';

const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

describe('renderGlossary', () => {
  it('keeps plain text glossaries as lines', () => expect(renderGlossary(['to eat', { type: 'text', text: 'to dine' }])).toBe('to eat\nto dine'));
  it('renders structured content with whitelisted tags, no attributes, escaped text', () => {
    const html = renderGlossary([
      {
        type: 'structured-content',
        content: [
          { tag: 'span', style: { color: 'red' }, data: { x: '1' }, content: '<script>alert(1)</script>' },
          { tag: 'a', href: 'javascript:alert(1)', content: 'bad link' },
          { tag: 'a', href: 'https://example.org/?a=1&b=2', content: 'good link' },
          { tag: 'ruby', content: ['漢', { tag: 'rt', content: 'かん' }] },
          { tag: 'img', path: 'x.png', title: 'picture' },
          { tag: 'iframe', content: 'framed' },
        ],
      },
    ]);
    expect(html).toBe(
      '<div><span>&lt;script&gt;alert(1)&lt;/script&gt;</span><span>bad link</span><a href="https://example.org/?a=1&amp;b=2">good link</a><ruby>漢<rt>かん</rt></ruby><span>picture</span>framed</div>',
    );
  });
});

describe('parseYomitan', () => {
  it('reads format 3 terms and keeps frequency ranks', () => {
    const files = new Map([
      ['index.json', json({ title: 'Test', format: 3, revision: '1', attribution: 'me' })],
      [
        'term_bank_1.json',
        json([
          ['食べる', 'たべる', 'v1', 'v1', 0, ['to eat'], 1, ''],
          ['犬', 'いぬ', 'n', '', 0, ['dog'], 2, ''],
        ]),
      ],
      [
        'term_meta_bank_1.json',
        json([
          ['食べる', 'freq', 120],
          ['犬', 'freq', { reading: 'いぬ', frequency: { value: 300 } }],
          ['猫', 'freq', 500],
          ['x', 'pitch', {}],
        ]),
      ],
    ]);
    const d = parseYomitan(files);
    expect(d.meta).toMatchObject({ title: 'Test', license: 'Attribution: me' });
    expect(d.entries.map((e) => [e.term, e.reading, e.partOfSpeech, e.definition, e.frequencyRank])).toEqual([
      ['食べる', 'たべる', 'v1', 'to eat', 120],
      ['犬', 'いぬ', 'n', 'dog', 300],
    ]);
    expect(d.frequencies).toEqual([{ term: '猫', reading: '', rank: 500 }]);
  });
  it('reads format 1 glossaries and refuses unknown formats or a missing index', () => {
    const v1 = parseYomitan(
      new Map([
        ['index.json', json({ title: 'Old', version: 1 })],
        ['term_bank_1.json', json([['a', '', '', '', 0, 'x', 'y']])],
      ]),
    );
    expect(v1.entries[0].definition).toBe('x\ny');
    expect(() => parseYomitan(new Map([['index.json', json({ format: 9 })]]))).toThrow(/Unsupported Yomitan dictionary format 9/);
    expect(() => parseYomitan(new Map())).toThrow(/index\.json is missing/);
  });
});
