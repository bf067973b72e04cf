// Runs in: main. The renderer as a web app: built files from dist/renderer, and the page shell with its csrf-token meta tag.
import fs from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

export class StaticFiles {
  private indexTemplate: string | null = null;

  constructor(private readonly root: string) {}

  /** A built asset under the renderer folder, or null. Never escapes the folder. */
  file(urlPath: string): { body: Buffer; type: string; immutable: boolean } | null {
    if (urlPath === '/' || urlPath.includes('\0')) return null;
    const resolved = path.resolve(this.root, '.' + decodeURIComponent(urlPath));
    if (!resolved.startsWith(this.root + path.sep)) return null;
    if (path.basename(resolved) === 'index.html') return null;
    try {
      const stat = fs.statSync(resolved);
      if (!stat.isFile()) return null;
      return {
        body: fs.readFileSync(resolved),
        type: TYPES[path.extname(resolved)] ?? 'application/octet-stream',
        immutable: urlPath.startsWith('/assets/'),
      };
    } catch {
      return null;
    }
  }

  /** The app page with the CSRF token in its head. */
  page(csrfToken: string): string {
    if (this.indexTemplate === null) {
      try {
        this.indexTemplate = fs.readFileSync(path.join(this.root, 'index.html'), 'utf8');
      } catch {
        this.indexTemplate =
          '<!doctype html><html><head><meta charset="utf-8"><title>Lectio</title></head>' +
          '<body><p>The Lectio interface is not built yet. Run <code>npm run build</code>; the API at /api/v1 works meanwhile.</p></body></html>';
      }
    }
    const meta = `<meta name="csrf-token" content="${csrfToken}">`;
    return this.indexTemplate.replace('<head>', `<head>\n    ${meta}`);
  }
}
