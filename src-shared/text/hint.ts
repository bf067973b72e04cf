// Runs in: any process (the reader shows it). The inline translation hint after a word: the translation's
// markdown subset as plain text (no raw **), on one line, cut at a word boundary with an ellipsis.
import { stripInlineMarkdown } from '../markdown';

export const HINT_MAX = 40;

export function hintText(translation: string, max = HINT_MAX): string {
  const plain = stripInlineMarkdown(translation).replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
