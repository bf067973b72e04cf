// Runs in: any process. The one user-supplied regular-expression fragment: a language's word characters, the
// inside of a character class ("a-zA-ZÀ-ÖØ-öø-ÿ", "\p{L}\p{M}"). Validated when saved and, whatever is stored,
// compiled only as ONE character class: a class matches one character in constant time, so no text can make
// the tokenizer backtrack catastrophically. Sentence-split characters are a plain set. Sentence-split exceptions
// ("Mr.|etc\.|[A-Z].", the peers' form) are compiled by exceptionsSource below from the same safe pieces: literal
// characters and single-character classes, no quantifiers, groups or anchors, so every alternative matches a
// fixed number of characters and a match costs at most the length of the setting at each position.

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

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\/]/g;
const literal = (ch: string) => ch.replace(REGEX_SPECIALS, '\\$&');

/**
 * One exception alternative as a regex source of fixed-length pieces. As LWT and Lute users write them: "." is a
 * period (Lute escapes it; LWT's any-character was meant as one), "\." too, "[A-Z]" or "[À-Ö]" one character of a
 * class (validated like the word characters), "\p{Lu}" one character of a property, "\d" a digit; any other
 * character, including a quantifier or a bracket that does not close a valid class, stands for itself.
 */
function alternativeSource(alt: string): string {
  let out = '';
  for (let i = 0; i < alt.length; i++) {
    const ch = alt[i];
    if (ch === '\\' && i + 1 < alt.length) {
      const next = alt[i + 1];
      const prop = next === 'p' || next === 'P' ? /^\{[A-Za-z_=]+\}/.exec(alt.slice(i + 2)) : null;
      if (prop && wordCharactersProblem(`\\${next}${prop[0]}`) === null) {
        out += `[\\${next}${prop[0]}]`;
        i += 1 + prop[0].length;
      } else {
        out += next === 'd' ? '[0-9]' : literal(next);
        i += 1;
      }
      continue;
    }
    if (ch === '[') {
      const close = alt.indexOf(']', i + 1);
      const inside = close > i + 1 ? alt.slice(i + 1, close) : '';
      if (inside && !inside.endsWith('\\') && wordCharactersProblem(inside) === null) {
        out += `[${inside}]`;
        i = close;
        continue;
      }
    }
    out += literal(ch);
  }
  return out;
}

/**
 * The regex source matching any of a language's sentence-split exceptions ("|"-separated, as LWT and Lute store
 * them), or null when there are none. Built only from literals and character classes (see above): safe to run on
 * any text, whatever the setting holds.
 */
export function exceptionsSource(raw: string): string | null {
  const alternatives = raw
    .split('|')
    .map((e) => e.trim())
    .filter(Boolean)
    .map(alternativeSource);
  return alternatives.length ? `(?:${alternatives.join('|')})` : null;
}
