// Runs in: any process. Validation errors in plain words: fields are named as the forms label them
// ("Title is required"), while the API keeps the field names in a machine-readable `fields` part.
import type { z } from 'zod';

/** Form labels of the contract's field names (where humanising the name is not enough). */
export const FIELD_LABELS = {
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
} as const satisfies Record<string, string>;

/** The label of a field name: from the table, else the name without its table prefix, in words ("TxAudioURI" → "Audio URI"). */
export function fieldLabel(name: string): string {
  const known = (FIELD_LABELS as Record<string, string>)[name];
  if (known) return known;
  const bare = name.replace(/^[A-Z][a-z0-9]?(?=[A-Z])/, '');
  const words = bare
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1).replace(/ (?!(?:[A-Z]{2,}\b))([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`) : name;
}

type Issue = z.core.$ZodIssue;

/** What went wrong with a field, in machine-readable form, so the interface can say it in its own language. */
export type IssueCode = 'required' | 'tooLong' | 'tooShort' | 'tooSmall' | 'tooBig' | 'invalidType' | 'invalidFormat' | 'invalidValue' | 'other';

export interface ValidationIssue {
  /** The contract's field path ("TxTitle", "rows.0.WoText"); '' for the input as a whole. */
  field: string;
  code: IssueCode;
  /** `label` is the English form label (a fallback for a field the interface has no label for); `min`/`max` for sizes. */
  params: { label: string; min?: number; max?: number; options?: string };
  /** The same in English words, as in `message`. */
  message: string;
}

const fieldKey = (issue: Issue) => [...issue.path].reverse().find((p) => typeof p === 'string');

/** One issue as a sentence about its field, without the field's contract name. */
export function plainIssue(issue: Issue): string {
  const key = fieldKey(issue);
  const label = key ? fieldLabel(key) : '';
  const raw = issue.message;
  const named = key ? raw.split(key).join(label) : raw;
  if (!key) return raw;
  if (named !== raw) return named.startsWith(label) ? named : `${label}: ${named}`;
  const code = issueCode(issue);
  if (code === 'required') return `${label} is required`;
  if (code === 'tooLong') return `${label} is at most ${String(issue.code === 'too_big' ? issue.maximum : '')} characters`;
  if (code === 'tooShort') return `${label} needs at least ${String(issue.code === 'too_small' ? issue.minimum : '')} characters`;
  return `${label}: ${raw[0].toLowerCase()}${raw.slice(1)}`;
}

/** The kind of an issue; a required text field sent empty counts as missing, as the forms say it. */
export function issueCode(issue: Issue): IssueCode {
  const missing = issue.code === 'invalid_type' && /received undefined|Required/i.test(issue.message);
  const emptyString = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1;
  if (missing || emptyString) return 'required';
  if (issue.code === 'too_big') return issue.origin === 'string' ? 'tooLong' : 'tooBig';
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'tooShort' : 'tooSmall';
  if (issue.code === 'invalid_type') return 'invalidType';
  if (issue.code === 'invalid_format') return 'invalidFormat';
  if (issue.code === 'invalid_value') return 'invalidValue';
  return 'other';
}

function issueParams(issue: Issue, label: string): ValidationIssue['params'] {
  if (issue.code === 'too_big') return { label, max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { label, min: Number(issue.minimum) };
  if (issue.code === 'invalid_value') return { label, options: issue.values.map(String).join(', ') };
  return { label };
}

/** The people-facing sentence, the per-field messages keyed by the contract's field names, and each issue by its code. */
export function plainValidation(error: z.ZodError): { message: string; fields: Record<string, string>; issues: ValidationIssue[] } {
  const fields: Record<string, string> = {};
  const sentences: string[] = [];
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const text = plainIssue(issue);
    const name = issue.path.map(String).join('.');
    if (!sentences.includes(text)) {
      sentences.push(text);
      const key = fieldKey(issue);
      issues.push({ field: name, code: issueCode(issue), params: issueParams(issue, key ? fieldLabel(key) : ''), message: text });
    }
    if (name && !fields[name]) fields[name] = text;
  }
  return { message: sentences.join('; '), fields, issues };
}
