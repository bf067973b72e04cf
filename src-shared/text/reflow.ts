// Runs in: any process (the New text form detects, texts.create reflows). Hard-wrapped plain text, as
// Project Gutenberg ships it (lines of ~70 characters, paragraphs separated by blank lines): single line
// breaks inside a paragraph become spaces, so a sentence is one sentence again (example sentences, audio).

const PARAGRAPH_BREAK = /\n[ \t]*\n/;

/**
 * Whether the text looks hard-wrapped: at least 4 lines inside paragraphs of 2+ lines, and most of those
 * lines (the last line of each paragraph aside) between 45 and 80 characters, none longer than 100.
 */
export function looksHardWrapped(text: string): boolean {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(PARAGRAPH_BREAK);
  let inner = 0;
  let wrapped = 0;
  for (const p of paragraphs) {
    const lines = p
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== '');
    if (lines.some((l) => l.length > 100)) return false;
    for (const line of lines.slice(0, -1)) {
      inner++;
      if (line.length >= 45 && line.length <= 80) wrapped++;
    }
  }
  return inner >= 4 && wrapped / inner >= 0.75;
}

/**
 * Joins the lines of each paragraph with a space (each line's own surrounding spaces dropped); paragraphs
 * stay separated by one blank line. Line endings become LF.
 */
export function joinWrappedLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(PARAGRAPH_BREAK)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '')
        .join(' '),
    )
    .filter((p) => p !== '')
    .join('\n\n');
}
