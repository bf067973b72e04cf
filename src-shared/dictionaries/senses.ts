// Runs in: any process (the renderer's word panel uses it). A dictionary definition cut into its senses, as
// plain text, so the learner can take one sense into a term's translation instead of the whole entry:
// list items (<li>) and numbered lines ("1. cat 2. feline") are senses; part-of-speech lines ("noun (common)")
// and cross-reference lines ("Related: …", "See also …") are left out.
import { definitionToPlainText } from './html';

const PARTS_OF_SPEECH = new Set(
  'noun nouns verb verbs adjective adjectives adj adverb adverbs adv pronoun pron preposition prep conjunction conj interjection interj particle expression expressions suffix prefix auxiliary aux counter numeric article determiner n v vt vi f m nf nm mf pl sg transitive intransitive common proper godan ichidan masculine feminine neuter plural singular and or'.split(
    ' ',
  ),
);
const CROSS_REFERENCE = /^(related|see also|see|antonyms?|synonyms?|cf\.?|compare|usage|examples?|etymology|from|note)\s*:/i;
const NUMBERED = /^(?:\(?\d{1,2}[.)]|[-–•*·])\s*/;

/** A line that only names parts of speech (words of the list, parentheses around anything). */
function isLabel(line: string): boolean {
  if (CROSS_REFERENCE.test(line)) return true;
  const words = line
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(/[\s,;/.]+/)
    .filter(Boolean);
  return words.length > 0 && line.length <= 80 && words.every((w) => PARTS_OF_SPEECH.has(w.toLowerCase()));
}

/** A leading part-of-speech tag on a sense: "(n) cat", "n. cat", "[v] to go". */
const LEADING_TAG = /^(?:\((?:[a-z]{1,5}\.?)(?:,\s*[a-z]{1,5}\.?)*\)|\[(?:[a-z]{1,5}\.?)\]|(?:n|v|vt|vi|adj|adv|prep|conj|pron)\.)\s+/i;

function clean(part: string): string {
  return part.replace(NUMBERED, '').replace(LEADING_TAG, '').trim();
}

/** The senses of a definition (plain text or dictionary HTML), in order, without duplicates. */
export function definitionSenses(definition: string): string[] {
  const lines = definitionToPlainText(definition).split('\n');
  const senses: string[][] = [];
  let item: string[] | null = null; // the senses of the current list item, joined at the end
  for (const raw of lines) {
    let line = raw;
    if (line.startsWith('• ')) {
      line = line.slice(2);
      item = [];
      senses.push(item);
    }
    // "1. cat 2. feline" on one line: cut before each number.
    for (const part of line.split(/\s+(?=\(?\d{1,2}[.)]\s)/)) {
      const sense = clean(part);
      if (!sense || isLabel(sense)) continue;
      if (item) item.push(sense);
      else senses.push([sense]);
    }
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const parts of senses) {
    const text = parts.join('; ');
    if (!text || seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}
