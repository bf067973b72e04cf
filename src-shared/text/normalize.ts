// Runs in: any process. Text clean-up done before anything else: line endings, BOM, character substitutions.

/** CRLF and lone CR become LF, so every later step sees one kind of line break. */
export function normalizeLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Parses LgCharacterSubstitutions (`from=to|from=to`). Longer sources come first so that "..." wins over ".."
 * whatever order the learner typed them in.
 */
export function parseSubstitutions(spec: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of spec.split('|')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    pairs.push([part.slice(0, eq), part.slice(eq + 1)]);
  }
  return pairs.sort((a, b) => b[0].length - a[0].length);
}

export function applySubstitutions(text: string, spec: string): string {
  const pairs = parseSubstitutions(spec);
  if (pairs.length === 0) return text;
  const byFrom = new Map(pairs);
  const pattern = new RegExp(pairs.map(([from]) => from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu');
  return text.replace(pattern, (m) => byFrom.get(m) ?? m);
}
