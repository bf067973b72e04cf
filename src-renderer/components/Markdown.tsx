// Runs in: renderer. Inline markdown of translations and notes (**bold**, *italic*, ~~strike~~, [text](url)),
// rendered by the one shared module: it escapes HTML first and lets only http(s)/mailto links through.
import { renderInlineMarkdown } from '../../src-shared/markdown';

export function Markdown({ text, className }: { text: string; className?: string }) {
  return <span className={className} dangerouslySetInnerHTML={{ __html: renderInlineMarkdown(text) }} />;
}
