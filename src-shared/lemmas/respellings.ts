// Runs in: any process. Words a Hunspell dictionary reaches only another way than the text writes or means them
// (issue 47, measured on running text: docs/vocabulary.md "Lemmas on running text"): spellings the dictionary no
// longer writes, and nouns it lists only as a verb's present forms. Used by the lemmatizer's per-language settings.

/**
 * The analyser's answer `found` for `form`, checked: a word in -a, -o, -as, -os read as a present form of an
 * infinitive with one of the `infinitives` endings and the same stem is the noun, its singular ("vergonhas" →
 * vergonha, not vergonhar).
 */
export function nounOfVerbForm(infinitives: readonly string[] | undefined): (form: string, found: string | null) => string | null {
  if (!infinitives?.length) return (_, found) => found;
  return (form, found) => {
    if (found === null || found.length < 4) return found;
    const ending = infinitives.find((e) => found.endsWith(e));
    if (!ending) return found;
    const stem = found.slice(0, found.length - ending.length);
    const m = /^(.+?)([ao])(s?)$/.exec(form);
    return m && m[1] === stem ? m[1] + m[2] : found;
  };
}

/**
 * A lookup that tries a word the dictionary does not know in its current spelling: each older spelling changed at
 * one place, the first that is known wins; when the lemma starts as the changed word does, the change is undone in
 * it, so the lemma keeps the text's spelling ("acções" → ação → acção).
 */
export function olderSpelling(
  lemma: (word: string) => string | null,
  spellings: readonly (readonly [older: string, current: string])[],
): (word: string) => string | null {
  return (word) => {
    const found = lemma(word);
    if (found !== null) return found;
    const form = word.trim().toLowerCase();
    for (const [older, current] of spellings)
      for (let at = form.indexOf(older); at !== -1; at = form.indexOf(older, at + 1)) {
        const changed = form.slice(0, at) + current + form.slice(at + older.length);
        const got = lemma(changed);
        if (got === null) continue;
        const low = got.toLowerCase();
        return low.startsWith(changed.slice(0, at + current.length)) ? got.slice(0, at) + older + got.slice(at + current.length) : got;
      }
    return null;
  };
}
