// Runs in: any process. Yomitan (formerly Yomichan) dictionaries: index.json + term_bank_N.json, with
// structured-content glossaries rendered to a small whitelist of HTML (text escaped, no attributes but
// safe links), and term_meta_bank_N.json frequencies kept as ranks.
import { decodeUtf8Text } from './encoding';
import { escapeHtml } from '../html/entities';
import { emptyDictionary, formatError, termKey, type ParsedDictionary } from './types';
import { msg } from '../contract/messages';

export const isYomitanIndexName = (path: string) => path === 'index.json';
const TERM_BANK = /^term_bank_\d+\.json$/;
const META_BANK = /^term_meta_bank_\d+\.json$/;

function readJson(bytes: Uint8Array, name: string): unknown {
  try {
    return JSON.parse(decodeUtf8Text(bytes, name));
  } catch (err) {
    if ((err as { status?: number }).status === 400) throw err;
    throw formatError(msg('yomitan.unreadable', { name, why: (err as Error).message }));
  }
}

/** Tags kept from structured content; everything else keeps only its text. Attributes are never copied. */
const BLOCK_TAGS = new Set(['div', 'ol', 'ul', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'details', 'summary']);
const INLINE_TAGS = new Set(['span', 'ruby', 'rt', 'rp', 'sub', 'sup', 'b', 'i', 'em', 'strong']);

function renderStructured(node: unknown, depth = 0): string {
  if (depth > 64 || node === null || node === undefined) return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map((n) => renderStructured(n, depth + 1)).join('');
  if (typeof node !== 'object') return '';
  const el = node as { tag?: string; content?: unknown; href?: string; title?: string; alt?: string; colSpan?: number; rowSpan?: number };
  const tag = (el.tag ?? '').toLowerCase();
  const inner = renderStructured(el.content, depth + 1);
  if (tag === 'br') return '<br>';
  if (tag === 'img') return el.title || el.alt ? `<span>${escapeHtml(el.title ?? el.alt ?? '')}</span>` : '';
  if (tag === 'a') {
    const href = typeof el.href === 'string' && /^https?:\/\//i.test(el.href) ? el.href : null;
    return href ? `<a href="${escapeHtml(href)}">${inner}</a>` : `<span>${inner}</span>`;
  }
  if (tag === 'td' || tag === 'th') {
    const span = (n: unknown, attr: string) => (Number.isInteger(n) && (n as number) > 1 && (n as number) < 100 ? ` ${attr}="${n}"` : '');
    return `<${tag}${span(el.colSpan, 'colspan')}${span(el.rowSpan, 'rowspan')}>${inner}</${tag}>`;
  }
  if (BLOCK_TAGS.has(tag) || INLINE_TAGS.has(tag)) return `<${tag}>${inner}</${tag}>`;
  return inner;
}

interface RenderedItem {
  /** Plain text, set for text items only. */
  text: string | null;
  html: string;
}

/** One glossary item; null for items with nothing to show (images). */
function renderGlossaryItem(item: unknown): RenderedItem | null {
  const textItem = (t: string): RenderedItem => ({ text: t, html: escapeHtml(t) });
  if (typeof item === 'string') return textItem(item);
  // Format 3 deinflection: [uninflected term, [rule names]].
  if (Array.isArray(item)) return typeof item[0] === 'string' ? textItem(`→ ${item[0]}`) : null;
  if (item && typeof item === 'object') {
    const g = item as { type?: string; text?: string; content?: unknown };
    if (g.type === 'text' && typeof g.text === 'string') return textItem(g.text);
    if (g.type === 'structured-content') return { text: null, html: renderStructured(g.content) };
  }
  return null;
}

/** The definition of a glossary list: plain lines when every item is text, else a small HTML list. */
export function renderGlossary(glossary: unknown[]): string {
  const items = glossary.map(renderGlossaryItem).filter((g): g is RenderedItem => g !== null && g.html !== '');
  if (items.every((g) => g.text !== null)) return items.map((g) => g.text).join('\n');
  if (items.length === 1) return `<div>${items[0].html}</div>`;
  return `<ol>${items.map((g) => `<li>${g.html}</li>`).join('')}</ol>`;
}

function rankOf(data: unknown): number | null {
  if (typeof data === 'number') return Number.isFinite(data) && data > 0 ? Math.round(data) : null;
  if (typeof data === 'string') {
    const n = parseInt(data, 10);
    return Number.isFinite(n) && n > 0 ? n : null;
  }
  if (data && typeof data === 'object') {
    const d = data as { value?: unknown; frequency?: unknown };
    if (d.frequency !== undefined) return rankOf(d.frequency);
    if (d.value !== undefined) return rankOf(d.value);
  }
  return null;
}

/** Parses a Yomitan dictionary from its files (path → bytes, paths relative to the archive root). */
export function parseYomitan(files: Map<string, Uint8Array>): ParsedDictionary {
  const indexBytes = files.get('index.json');
  if (!indexBytes) throw formatError(msg('dict.notYomitan'));
  const index = readJson(indexBytes, 'index.json') as {
    title?: string;
    format?: number;
    version?: number;
    description?: string;
    url?: string;
    attribution?: string;
    author?: string;
  };
  if (!index || typeof index !== 'object') throw formatError(msg('yomitan.indexNotObject'));
  const version = Number(index.format ?? index.version ?? 3);
  if (![1, 2, 3].includes(version)) throw formatError(msg('dict.yomitanVersion', { version: String(index.format ?? index.version) }));

  const dict = emptyDictionary('yomitan');
  dict.meta = {
    title: index.title,
    description: index.description,
    website: index.url,
    license: index.attribution ? `Attribution: ${index.attribution}` : undefined,
  };
  const names = [...files.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const name of names.filter((n) => TERM_BANK.test(n))) {
    const rows = readJson(files.get(name)!, name);
    if (!Array.isArray(rows)) throw formatError(msg('yomitan.notTermList', { name }));
    for (const row of rows) {
      if (!Array.isArray(row)) {
        dict.skipped.not_an_entry = (dict.skipped.not_an_entry ?? 0) + 1;
        continue;
      }
      const glossary = version === 1 ? row.slice(5) : Array.isArray(row[5]) ? (row[5] as unknown[]) : [];
      dict.entries.push({
        term: typeof row[0] === 'string' ? row[0] : '',
        reading: typeof row[1] === 'string' && row[1] !== row[0] ? row[1] : '',
        partOfSpeech: typeof row[2] === 'string' ? row[2] : '',
        definition: renderGlossary(glossary),
        frequencyRank: null,
      });
    }
  }

  const byTerm = new Map<string, number[]>();
  dict.entries.forEach((e, i) => {
    const k = termKey(e.term);
    const list = byTerm.get(k);
    if (list) list.push(i);
    else byTerm.set(k, [i]);
  });
  for (const name of names.filter((n) => META_BANK.test(n))) {
    const rows = readJson(files.get(name)!, name);
    if (!Array.isArray(rows)) throw formatError(msg('yomitan.notList', { name }));
    for (const row of rows) {
      if (!Array.isArray(row) || row[1] !== 'freq' || typeof row[0] !== 'string') continue;
      const rank = rankOf(row[2]);
      if (rank === null) continue;
      const reading =
        row[2] && typeof row[2] === 'object' && typeof (row[2] as { reading?: unknown }).reading === 'string' ? (row[2] as { reading: string }).reading : '';
      const matches = (byTerm.get(termKey(row[0])) ?? []).filter(
        (i) => !reading || dict.entries[i].reading === reading || (dict.entries[i].reading === '' && reading === row[0]),
      );
      if (matches.length === 0) dict.frequencies.push({ term: row[0], reading, rank });
      for (const i of matches) {
        const e = dict.entries[i];
        e.frequencyRank = e.frequencyRank === null ? rank : Math.min(e.frequencyRank, rank);
      }
    }
  }
  if (dict.entries.length === 0 && dict.frequencies.length === 0) throw formatError(msg('dict.yomitanNoTerms'));
  return dict;
}
