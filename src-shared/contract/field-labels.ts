// Runs in: any process. Validation errors in plain words: fields are named as the forms label them
// ("Title is required"), while the API keeps the field names in a machine-readable `fields` part.
import type { z } from 'zod';

/** Form labels of the contract's field names (where humanising the name is not enough). */
export const FIELD_LABELS: Record<string, string> = {
  TxTitle: 'Title',
  TxText: 'Text',
  TxLgID: 'Language',
  TxAudioURI: 'Audio',
  TxSourceURI: 'Source URL',
  TxTags: 'Tags',
  LgName: 'Name',
  LgDict1URI: 'Dictionary 1',
  LgDict2URI: 'Dictionary 2',
  LgGoogleTranslateURI: 'Translator',
  LgRegexpWordCharacters: 'Word characters',
  LgRegexpSplitSentences: 'Sentence ends',
  LgCharacterSubstitutions: 'Character substitutions',
  LgExceptionsSplitSentences: 'Sentence-split exceptions',
  LgTextSize: 'Text size',
  LgParserType: 'Parser',
  WoText: 'Term',
  WoLgID: 'Language',
  WoTranslation: 'Translation',
  WoRomanization: 'Romanization',
  WoSentence: 'Sentence',
  WoNotes: 'Notes',
  WoLemma: 'Lemma',
  WoStatus: 'Status',
  TagList: 'Tags',
  TgText: 'Tag',
  TgComment: 'Comment',
  T2Text: 'Tag',
  T2Comment: 'Comment',
  language_id: 'Language',
  lang_id: 'Language',
  url: 'URL',
  username: 'Username',
  password: 'Password',
  email: 'Email',
  name: 'Name',
};

/** The label of a field name: from the table, else the name without its table prefix, in words ("TxAudioURI" → "Audio URI"). */
export function fieldLabel(name: string): string {
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const bare = name.replace(/^[A-Z][a-z0-9]?(?=[A-Z])/, '');
  const words = bare
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1).replace(/ (?!(?:[A-Z]{2,}\b))([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`) : name;
}

type Issue = z.core.$ZodIssue;

/** One issue as a sentence about its field, without the field's contract name. */
export function plainIssue(issue: Issue): string {
  const key = [...issue.path].reverse().find((p) => typeof p === 'string');
  const label = key ? fieldLabel(key) : '';
  const raw = issue.message;
  const named = key ? raw.split(key).join(label) : raw;
  if (!key) return raw;
  if (named !== raw) return named.startsWith(label) ? named : `${label}: ${named}`;
  const missing = issue.code === 'invalid_type' && /received undefined|Required/i.test(raw);
  const emptyString = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1;
  if (missing || emptyString) return `${label} is required`;
  if (issue.code === 'too_big' && issue.origin === 'string') return `${label} is at most ${String(issue.maximum)} characters`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `${label} needs at least ${String(issue.minimum)} characters`;
  return `${label}: ${raw[0].toLowerCase()}${raw.slice(1)}`;
}

/** The people-facing sentence and the per-field messages keyed by the contract's field names. */
export function plainValidation(error: z.ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const sentences: string[] = [];
  for (const issue of error.issues) {
    const text = plainIssue(issue);
    if (!sentences.includes(text)) sentences.push(text);
    const name = issue.path.map(String).join('.');
    if (name && !fields[name]) fields[name] = text;
  }
  return { message: sentences.join('; '), fields };
}
