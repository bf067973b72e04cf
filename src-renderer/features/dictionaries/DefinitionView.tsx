// Runs in: renderer. Shows a stored definition: plain text as text, HTML (StarDict, Yomitan, pyglossary)
// only after DOMPurify with a small whitelist — no links (a click must not navigate the app window),
// no images, no styles, no event handlers.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { DEFINITION_ALLOWED_ATTR, DEFINITION_ALLOWED_TAGS, looksLikeHtml } from '../../../src-shared/dictionaries/html';

export function sanitizeDefinition(html: string): string {
  // The same allow-list main applied before storing (src-shared/dictionaries/html.ts), applied again here.
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: DEFINITION_ALLOWED_TAGS, ALLOWED_ATTR: DEFINITION_ALLOWED_ATTR, KEEP_CONTENT: true });
}

export function DefinitionView({ definition, className = 'definition' }: { definition: string; className?: string }) {
  const html = useMemo(() => (looksLikeHtml(definition) ? sanitizeDefinition(definition) : null), [definition]);
  if (html === null) return <div className={`${className} definition-text`}>{definition}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
