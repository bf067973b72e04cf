// Runs in: renderer. Counts in words with Intl.PluralRules ("1 term", "24 terms"): the one place plurals are chosen.
const rules = new Intl.PluralRules('en');

/** "1 term", "1,024 terms"; `other` defaults to `one` + "s". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en')} ${plural(n, one, other)}`;
}

/** Just the word for n: plural(1, 'term') → "term", plural(3, 'term is', 'terms are') → "terms are". */
export function plural(n: number, one: string, other = `${one}s`): string {
  return rules.select(n) === 'one' ? one : other;
}
