// Fixture pages for the browser extension's e2e and bench (issue 28), served by the test from 127.0.0.1, and a probe of
// the words the extension coloured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

const page = (lang: string, title: string, body: string, head = '') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}` +
  `<style>body{font:16px/1.5 Georgia,serif;max-width:760px;margin:24px auto;padding:0 16px} .infobox{float:right;width:240px;border:1px solid #aaa;margin:0 0 8px 12px;font-size:13px} table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:3px 6px}</style>` +
  `</head><body>${body}</body></html>`;

export const PAGES: Record<string, string> = {
  '/de/artikel.html': page(
    'de',
    'Der Fuchs im Garten',
    `<header><nav><a href="/de/artikel.html">Startseite</a> · <a href="/de/artikel.html#wetter">Wetter</a></nav></header>
<main><article>
<h1>Der Fuchs im Garten</h1>
<p class="lead">Berlin. Der Fuchs sagt guten Morgen und läuft durch den Garten.</p>
<p>Im Garten ist es still. Die Nachbarn sehen den Fuchs jeden Tag, und der Hund bellt <a href="https://example.org/hund">laut</a>.</p>
<p>Guten Morgen, sagt der Hund. Der Fuchs antwortet nicht; er ist <em>klug</em> und schnell.</p>
<p class="autor">Anna Schmidt</p>
<table><tr><th>Tier</th><th>Farbe</th></tr><tr><td>Fuchs</td><td>rot</td></tr><tr><td>Hund</td><td>braun</td></tr></table>
</article></main>
<footer><p>Alle Rechte vorbehalten.</p><script>var hidden = "Kein Wort";</script></footer>`,
    '<meta name="author" content="Anna Schmidt">',
  ),
  '/es/enciclopedia.html': page(
    'es',
    'Zorro rojo',
    `<main><h1>Zorro rojo</h1>
<table class="infobox"><caption>Zorro rojo</caption><tr><th>Reino</th><td>Animalia</td></tr><tr><th>Familia</th><td><a href="#canidae">Canidae</a></td></tr><tr><th>Especie</th><td><i>Vulpes vulpes</i></td></tr></table>
<p>El <b>zorro rojo</b> es una especie de mamífero de la familia de los <a href="#canidae">cánidos</a>. Vive en Europa, Asia y América del Norte.</p>
<h2>Distribución</h2>
<table><tr><th>Región</th><th>Población</th></tr><tr><td>Europa</td><td>grande</td></tr><tr><td>Asia</td><td>mediana</td></tr></table>
<p>Come pequeños animales, frutas y a veces basura de las ciudades.</p></main>`,
  ),
  '/ja/neko.html': page('ja', '猫', `<main><h1>猫の話</h1><p>私は猫が好きです。猫はとても可愛いです。</p><p>毎朝、猫と一緒に本を読みます。</p></main>`),
  '/de/dynamisch.html': page(
    'de',
    'Neue Nachrichten',
    `<main><h1>Neue Nachrichten</h1><div id="feed"><p>Der erste Bericht ist kurz.</p></div></main>
<script>
setTimeout(() => { for (const s of ['Der zweite Bericht kommt später.', 'Der dritte Bericht kommt noch später.']) { const p = document.createElement('p'); p.className = 'late'; p.textContent = s; document.getElementById('feed').appendChild(p); } }, 800);
</script>`,
  ),
  '/de/formular.html': page(
    'de',
    'Kommentar',
    `<main><h1>Kommentar schreiben</h1><p>Schreiben Sie Ihren Kommentar hier.</p>
<textarea id="ta">Der Fuchs im Textfeld</textarea>
<div id="ce" contenteditable="true">Der Fuchs im Editor</div>
<pre><code>Der Fuchs im Code</code></pre>
<p hidden>Der versteckte Fuchs</p></main>`,
  ),
};

/** A 10,000-word German article (bench). */
export function longArticle(words = 10_000): string {
  const sentences = [
    'Der Fuchs läuft am frühen Morgen durch den stillen Garten der alten Nachbarn.',
    'Im Winter sucht er Futter in den Straßen der Stadt und findet oft etwas.',
    'Die Kinder sehen ihn manchmal vom Fenster aus und rufen laut nach ihren Eltern.',
    'Niemand weiß genau, wo er schläft, aber jeder kennt seinen roten Schwanz.',
  ];
  const paras: string[] = [];
  let n = 0;
  let i = 0;
  while (n < words) {
    const p: string[] = [];
    for (let k = 0; k < 5; k++) {
      const s = sentences[i++ % sentences.length];
      p.push(s);
      n += s.split(' ').length;
    }
    paras.push(`<p>${p.join(' ')}</p>`);
  }
  return page('de', 'Ein langer Artikel', `<main><article><h1>Ein langer Artikel</h1>${paras.join('\n')}</article></main>`);
}

export async function startFixtureServer(extra: Record<string, string> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const pages = { ...PAGES, ...extra };
  const server = http.createServer((req, res) => {
    const body = pages[(req.url ?? '/').split('?')[0]];
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export interface ColouredWord {
  text: string;
  /** The status highlight the word is in (lectio-s<status>). */
  status: number;
  /** The status of the multi-word term it belongs to (lectio-m<status>), if any. */
  multi: number | null;
  /** Where to click it (the middle of its first box, in the window). */
  x: number;
  y: number;
  /** Its first box, in the window. */
  box: { left: number; top: number; right: number; bottom: number } | null;
}

// In the page: the words the extension coloured (ranges of its `lectio-…` highlights; the registry is the document's,
// so the page's world sees it), in document order. A string, not a function: the bench runs through tsx, whose
// helpers do not exist in the page.
export const COLOURED_SOURCE = `(({ text, within }) => {
  const words = new Map();
  for (const [name, h] of CSS.highlights) {
    const m = /^lectio-([sm])(\\d+)a?$/.exec(name);
    if (!m) continue;
    for (const r of h) {
      const node = r.startContainer;
      if (!node.isConnected) continue;
      const word = node.data.slice(r.startOffset, r.endOffset);
      if (text !== undefined && word !== text) continue;
      if (within !== undefined && !node.parentElement?.closest(within)) continue;
      let w = words.get(r);
      if (!w) words.set(r, (w = { r, text: word, status: -1, multi: null }));
      if (m[1] === 's') w.status = Number(m[2]);
      else w.multi = Number(m[2]);
    }
  }
  const list = [...words.values()].sort((a, b) => {
    const ra = document.createRange(); ra.setStart(a.r.startContainer, a.r.startOffset);
    const rb = document.createRange(); rb.setStart(b.r.startContainer, b.r.startOffset);
    return ra.compareBoundaryPoints(Range.START_TO_START, rb);
  });
  return list.map((w) => {
    const live = document.createRange();
    live.setStart(w.r.startContainer, w.r.startOffset);
    live.setEnd(w.r.endContainer, w.r.endOffset);
    const box = live.getClientRects()[0];
    return { text: w.text, status: w.status, multi: w.multi, x: box ? box.left + box.width / 2 : -1, y: box ? box.top + box.height / 2 : -1,
      box: box ? { left: box.left, top: box.top, right: box.right, bottom: box.bottom } : null };
  });
})`;

/** The coloured words of a page (optionally only `text`, only inside elements matching `within`), in document order. */
export function coloured(page: Page, filter: { text?: string; within?: string } = {}): Promise<ColouredWord[]> {
  return page.evaluate(`${COLOURED_SOURCE}(${JSON.stringify(filter)})`);
}
