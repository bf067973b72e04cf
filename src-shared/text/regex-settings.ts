// Runs in: any process. The one user-supplied regular-expression fragment: a language's word characters, the
// inside of a character class ("a-zA-ZÀ-ÖØ-öø-ÿ", "\p{L}\p{M}"). Validated when saved and, whatever is stored,
// compiled only as ONE character class: a class matches one character in constant time, so no text can make
// the tokenizer backtrack catastrophically. Sentence-split characters are a plain set and exceptions are
// escaped literals (tokenize.ts), so neither can run a pattern.

/** Why `raw` is not the inside of one character class, or null when it is. */
export function wordCharactersProblem(raw: string): string | null {
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\') {
      const next = raw[i + 1];
      if (next === undefined) return 'ends with a lone backslash';
      if (next === 'p' || next === 'P') {
        const m = /^\{[A-Za-z_=]+\}/.exec(raw.slice(i + 2));
        if (!m) return `"\\${next}" must be followed by a property in braces, e.g. \\p{L}`;
        i += 1 + m[0].length;
      } else if (next === 'u' && raw[i + 2] === '{') {
        const m = /^\{[0-9A-Fa-f]{1,6}\}/.exec(raw.slice(i + 2));
        if (!m) return '"\\u{…}" needs 1 to 6 hex digits';
        i += 1 + m[0].length;
      } else i += 1;
      continue;
    }
    if (ch === '[' || ch === ']') return `"${ch}" must be escaped as "\\${ch}" (the setting is the inside of one character class)`;
  }
  try {
    new RegExp(`[${raw}]`, 'u');
  } catch (err) {
    return `not a valid character class (${(err as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
  return null;
}

const CLASS_SPECIALS = /[\\\][^-]/g;

/**
 * The character class to compile for a stored setting: the setting itself when it is valid, else its characters
 * taken literally (a value stored before validation existed can never become a pattern).
 */
export function wordCharacterClass(raw: string): string {
  if (wordCharactersProblem(raw) === null) return `[${raw}]`;
  return `[${raw.replace(CLASS_SPECIALS, '\\$&')}]`;
}
