// Runs in: a worker thread (the dictionary import task) or main. DOMPurify over a server-side DOM (jsdom) for
// dictionary HTML before it is stored: the same allow-list the renderer applies when it shows a definition.
import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';
import { DEFINITION_ALLOWED_ATTR, DEFINITION_ALLOWED_TAGS, looksLikeHtml, mayBeActiveHtml } from '../../../src-shared/dictionaries/html';
import type { ParsedDictionary } from '../../../src-shared/dictionaries/types';

let purifier: DOMPurify | null = null;
function purify(): DOMPurify {
  if (!purifier) {
    // Loaded on first use: jsdom is large, and most dictionaries hold no active HTML at all.
    const require = createRequire(typeof __filename !== 'undefined' ? __filename : import.meta.url);
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    const createDOMPurify = (require('dompurify') as { default?: unknown }).default ?? require('dompurify');
    const { window } = new JSDOM('<!doctype html><html><body></body></html>');
    purifier = (createDOMPurify as (w: unknown) => DOMPurify)(window);
    if (!purifier.isSupported) throw new Error('DOMPurify is not supported on this DOM');
  }
  return purifier;
}

/** One definition through the allow-list; plain text and inert HTML come back unchanged. */
export function sanitizeDefinitionHtml(definition: string): string {
  if (!looksLikeHtml(definition) || !mayBeActiveHtml(definition)) return definition;
  return purify().sanitize(definition, { ALLOWED_TAGS: DEFINITION_ALLOWED_TAGS, ALLOWED_ATTR: DEFINITION_ALLOWED_ATTR, KEEP_CONTENT: true });
}

/** Sanitises every article of a parsed dictionary in place; returns how many were changed. */
export function sanitizeParsed(parsed: ParsedDictionary): number {
  let changed = 0;
  for (const e of parsed.entries) {
    const clean = sanitizeDefinitionHtml(e.definition);
    if (clean !== e.definition) {
      e.definition = clean;
      changed++;
    }
  }
  return changed;
}
