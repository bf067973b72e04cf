// Runs in: any process. Plain-text files may open with "# key: value" header lines (Lute's sample texts
// do: "# title: …", "# language: …"); the title is used, the header is not part of the text.
import { normalizeLineEndings, stripBom } from './normalize';

export function readTextHeader(raw: string): { title: string | null; body: string } {
  const lines = normalizeLineEndings(stripBom(raw)).split('\n');
  let title: string | null = null;
  let i = 0;
  for (; i < lines.length; i++) {
    const m = /^#\s*(?:([A-Za-z_-]+)\s*:\s*(.*))?$/.exec(lines[i]);
    if (!m) break;
    if (m[1]?.toLowerCase() === 'title' && m[2].trim()) title = m[2].trim();
  }
  // Only a header that names something counts; a lone "# Heading" line stays in the text.
  if (i === 0 || !lines.slice(0, i).some((l) => l.includes(':'))) return { title: null, body: lines.join('\n') };
  return { title, body: lines.slice(i).join('\n') };
}
