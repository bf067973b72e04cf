// Runs in: main. /text/print-plain: a printable plain view of a text (title, source, paragraphs), no app chrome.
import type { HandlerContext } from '../../core/context';
import { getTextRow } from './service';
import { normalizeLineEndings } from '../../../src-shared/text/normalize';
import { findLanguage } from '../languages';
import { escapeHtml } from '../../../src-shared/html/entities';

export function printPlain(ctx: HandlerContext, textId: number): { $html: string } {
  const t = getTextRow(ctx, textId);
  const rtl = findLanguage(ctx, t.TxLgID)?.LgRightToLeft === true;
  const paragraphs = normalizeLineEndings(t.TxText)
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('\n');
  const source = t.TxSourceURI ? `<p class="source">${escapeHtml(t.TxSourceURI)}</p>` : '';
  return {
    $html: `<!doctype html>
<html${rtl ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(t.TxTitle)}</title>
<style>body{font:12pt/1.6 Georgia,serif;max-width:40em;margin:2em auto;color:#111}h1{font-size:1.6em}.source{color:#555;font-size:.9em}@media print{body{margin:0}}</style>
</head><body><h1>${escapeHtml(t.TxTitle)}</h1>${source}
${paragraphs}
</body></html>`,
  };
}
