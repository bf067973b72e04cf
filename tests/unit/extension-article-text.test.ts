// "Send the page to Lectio" (src-extension/content/article-text.ts, issue 44): Readability's article as plain text,
// a table one line per row with its cells separated (it was a paragraph per cell), bylines and date lines left out.
import { JSDOM } from 'jsdom';
import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { articleText, CELL_SEPARATOR } from '../../src-extension/content/article-text';

const body = (html: string) => new JSDOM(`<!doctype html><body><div id="root">${html}</div></body>`).window.document.getElementById('root')!;

describe('the text of a sent page', () => {
  it('reads a table as one line per row, cells separated, after the paragraph before it', () => {
    const root = body(`<p>Vor der Tabelle.</p>
      <table><caption>Bevölkerung</caption><tr><th>Region</th><th>Zahl</th></tr><tr><td>Europa</td><td><p>groß</p></td></tr><tr><td></td><td>klein</td></tr></table>
      <p>Nach der Tabelle.</p>`);
    expect(articleText(root)).toBe(
      ['Vor der Tabelle.', 'Bevölkerung', `Region${CELL_SEPARATOR}Zahl\nEuropa${CELL_SEPARATOR}groß\nklein`, 'Nach der Tabelle.'].join('\n\n'),
    );
  });

  it('reads a nested table through its own rows, and a list item with paragraphs through the paragraphs', () => {
    const root = body(`<table><tr><td><table><tr><td>a1</td><td>a2</td></tr></table></td></tr></table><ul><li><p>Eins</p><p>Zwei</p></li><li>Drei</li></ul>`);
    expect(articleText(root)).toBe(`a1${CELL_SEPARATOR}a2\n\nEins\n\nZwei\n\nDrei`);
  });

  it('leaves out the byline and the date lines, keeps a paragraph that only mentions the author', () => {
    const root = body(`<p>Von Anna Schmidt</p><p>Veröffentlicht <time datetime="2025-05-07">7. Mai 2025</time></p>
      <p>Berlin. Der Fuchs läuft durch den Garten.</p>
      <p>Anna Schmidt hat den Fuchs jeden Tag im Garten gesehen, sagt sie, und er kommt immer am Morgen.</p>`);
    expect(articleText(root, { byline: 'Anna Schmidt', publishedTime: '2025-05-07T08:00:00Z' })).toBe(
      'Berlin. Der Fuchs läuft durch den Garten.\n\nAnna Schmidt hat den Fuchs jeden Tag im Garten gesehen, sagt sie, und er kommt immer am Morgen.',
    );
    // Without a byline from Readability, a line naming someone is text.
    expect(articleText(body('<p>Von Anna Schmidt</p>'))).toBe('Von Anna Schmidt');
  });

  it('runs on what Readability gives for a page with a byline in its metadata and a table', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `<p>Absatz ${i}: Der Fuchs läuft am frühen Morgen durch den stillen Garten der alten Nachbarn, und niemand sieht ihn.</p>`,
    );
    const dom = new JSDOM(
      `<!doctype html><html lang="de"><head><title>Der Fuchs im Garten – Zeitung</title><meta name="author" content="Anna Schmidt"></head><body>
      <article><h1>Der Fuchs im Garten</h1><p class="meta">Anna Schmidt</p>${paragraphs.join('')}
      <table><tr><th>Tier</th><th>Zahl</th></tr><tr><td>Fuchs</td><td>3</td></tr></table>${paragraphs.join('')}</article></body></html>`,
      { url: 'https://example.org/fuchs' },
    );
    const article = new Readability(dom.window.document, { serializer: (n: Node) => n }).parse()!;
    const text = articleText(article.content as unknown as Element, { byline: article.byline, publishedTime: article.publishedTime });
    expect(article.byline).toBe('Anna Schmidt');
    expect(text).not.toContain('Anna Schmidt');
    expect(text).toContain(`Tier${CELL_SEPARATOR}Zahl\nFuchs${CELL_SEPARATOR}3`);
    expect(text.startsWith('Absatz 0')).toBe(true);
  });
});
