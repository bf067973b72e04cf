// Runs in: renderer. Shows a stored definition: plain text as text, HTML (StarDict, Yomitan, pyglossary)
// only after DOMPurify with a small whitelist — no links (a click must not navigate the app window),
// no images, no styles, no event handlers.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { looksLikeHtml } from '../../../src-shared/dictionaries/html';

const ALLOWED_TAGS = [
  'b',
  'i',
  'u',
  'em',
  'strong',
  'small',
  'sub',
  'sup',
  'br',
  'p',
  'div',
  'span',
  'font',
  'ol',
  'ul',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'ruby',
  'rt',
  'rp',
  'blockquote',
  'details',
  'summary',
  'code',
  'pre',
  'hr',
];

export function sanitizeDefinition(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['colspan', 'rowspan', 'lang'], KEEP_CONTENT: true });
}

export function DefinitionView({ definition, className = 'definition' }: { definition: string; className?: string }) {
  const html = useMemo(() => (looksLikeHtml(definition) ? sanitizeDefinition(definition) : null), [definition]);
  if (html === null) return <div className={`${className} definition-text`}>{definition}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
