// Runs in: renderer. Translations and notes carry inline markdown (SPEC rule 2); the renderer escapes HTML first.
import { renderInlineMarkdown } from '../../../src-shared/markdown';

export function InlineMarkdown({ text, className }: { text: string; className?: string }) {
  return <span className={className} dangerouslySetInnerHTML={{ __html: renderInlineMarkdown(text) }} />;
}
