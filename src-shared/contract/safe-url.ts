// Runs in: any process. URL fields accept only what the app can open safely (issue 21): http(s) URLs, or
// paths of this app itself ("/media/12", "/texts/3"). javascript:, data:, file:, protocol-relative "//host"
// and anything unparseable are refused at input with a message naming the field.
import { z } from 'zod';

/** Why `value` is not an acceptable URL field, or null. `template`: a dictionary link ("###", leading "*" popup marker). */
export function urlFieldProblem(value: string, opts: { template?: boolean } = {}): string | null {
  let v = value.trim();
  if (v === '') return null;
  if (opts.template && v.startsWith('*')) v = v.slice(1).trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(v)) return 'must not contain spaces or control characters';
  if (v.startsWith('/')) {
    if (v.startsWith('//') || v.startsWith('/\\')) return 'must be an http(s) URL or a path of this app (a "//host" link is neither)';
    return null;
  }
  let url: URL;
  try {
    url = new URL(opts.template ? v.replace(/###/g, 'x') : v);
  } catch {
    return 'must be an http(s) URL (https://…) or a path of this app starting with /';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http(s) URL; "${url.protocol}" links are refused`;
  return null;
}

/**
 * The one rule for a URL Lectio stores from a document it read (a feed's article link and audio enclosure,
 * issue 43): resolved against the document's own address (so `//host/a.mp3` and `/a.mp3` become that host's
 * https URL as a browser would read them), then held to the API's rule (urlFieldProblem): what still fails is ''.
 */
export function storableUrl(value: string, base?: string): string {
  const v = value.trim();
  if (v === '') return '';
  let resolved = v;
  try {
    const baseUrl = base ? new URL(base) : undefined;
    if (baseUrl && (baseUrl.protocol === 'http:' || baseUrl.protocol === 'https:')) resolved = new URL(v, baseUrl).href;
  } catch {
    return '';
  }
  // Without a base a path of this app would be kept: a document's link never names one, so only http(s) is stored.
  if (!/^https?:\/\//i.test(resolved)) return '';
  return urlFieldProblem(resolved) === null ? resolved : '';
}

/** A zod string for a URL field: trimmed, at most `max` characters, refused with the field's name. */
export const urlField = (field: string, max: number, opts: { template?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(max)
    .superRefine((v, ctx) => {
      const problem = urlFieldProblem(v, opts);
      if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${problem}` });
    });
