// The per-language choices of the automatic lemma lookup (withFormTable in form-table.ts), each measured on running
// text (issue 47, docs/vocabulary.md): which languages read a headword before the ending rules, answer through the
// table, capitalise their nouns, cut unknown compounds at a known tail. A language's choices are part of its rules
// version (src-main/modules/lemmas/rules.ts), so changing one recomputes that language's automatic lemmas alone.

/**
 * Languages where a word the analyser reads as a headword of its own stays itself before the table's ending rules
 * are tried on it (Czech, Ukrainian: the rules, learnt from a small table, turn unseen nouns into other lemmas).
 * Measured on running text (issue 47): cs +1.3, uk +0.4 points; tr −3.5, pt −0.6, ru −0.3, nl −0.3, es −0.2 (those
 * keep the rules first), de +0.1 (within noise, not taken). Swedish +0.2 once its participles and class-T words are
 * words of their own (94.9 → 95.1 %: the rules had made hålla, tala, befalla into håll, tal, befall).
 */
export const HEADWORD_BEFORE_RULES: ReadonlySet<string> = new Set(['cs', 'uk', 'sv']);

/**
 * Languages whose analyser answers a dictionary form in a spelling of its own, which the table (the annotators'
 * lemmas of running text) may write as the treebank does: a word the table does not know gets the table's row of the
 * analyser's answer. Japanese: kuromoji's IPADIC base form する, いる, こと is UD_Japanese-GSD's UniDic lemma 為る, 居る,
 * 事, so an unseen しよう → する → 為る joins the family of し and した. Their lookup tries no ending rules (a Japanese
 * "ending" is a kana of a word written without spaces: the rules learnt from GSD dev cost 1.0 point on its held-out
 * folds, 93.5 → 92.4 %), so none are learnt (endingRulesFor).
 */
export const ANALYSER_THROUGH_TABLE: ReadonlySet<string> = new Set(['ja']);

/**
 * Languages that write every noun with a capital, so a word written in lowercase is no noun: where the table's row
 * (folded, so a noun's forms share it with a verb's or adjective's) is a noun, the analyser's other reading is
 * answered (zahlen → zahlen, not Zahl; wolle → wollen, not Wolle). Measured on running text (issue 47): de +0.3.
 */
export const NOUNS_CAPITALISED: ReadonlySet<string> = new Set(['de']);

/**
 * The per-language choices of the lookup a language takes, as words its rules version hashes
 * (src-main/modules/lemmas/rules.ts): changing one recomputes that language's automatic lemmas alone.
 */
export function lookupChoicesOf(lang: string): string[] {
  const choices = [HEADWORD_BEFORE_RULES.has(lang) ? 'headword before rules' : ''];
  if (COMPOUND_TAILS.has(lang)) choices.push('compound tails');
  if (NOUNS_CAPITALISED.has(lang)) choices.push('lowercase no noun');
  return choices;
}

/**
 * Languages that write compounds as one word, where a word nothing else answers gets its head before the table's
 * lemma of its longest known tail (Schuldnerländern → Schuldnerland, Logistiktruppen → Logistiktruppe): the
 * dictionary's compound rules miss a head of a form it does not allow (Dünen-, Kommandeurs-). It only answers words
 * that had no answer. Measured on running text (issue 47): de +0.7, sv +0.1, nl +0.1 points (their random-form lists'
 * wrong answers unchanged).
 */
export const COMPOUND_TAILS: ReadonlySet<string> = new Set(['de', 'nl', 'sv']);
