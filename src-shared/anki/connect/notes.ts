// Runs in: any process. A mined note's fields → a term's, and a term → the fields of the "Lectio term" note type.
// Fields are found by name: the Lectio note type's own, then the names Yomitan's and asbplayer's usual note types
// use (Expression/Word/Front hold the term, Meaning/Glossary/Definition/Back the translation, …), then what the
// learner set in Settings (which wins). Field names compare case-insensitively, as Anki's do.
import { fieldHtmlToText, removeSoundTags, textToFieldHtml } from '../fields';
import { sentenceForExport, sentenceHtml } from '../mapping';
import { glossaryText } from './glossary';
import { LECTIO_MODEL_FIELDS } from './protocol';

export const NOTE_ROLES = ['term', 'reading', 'translation', 'sentence', 'notes', 'lemma', 'picture', 'audio', 'tags'] as const;
export type NoteRole = (typeof NOTE_ROLES)[number];
export const isNoteRole = (v: unknown): v is NoteRole => (NOTE_ROLES as readonly unknown[]).includes(v);

/** Field name (lower case) → what it holds. The learner's Settings add to and override these. */
export const DEFAULT_FIELD_ROLES: Readonly<Record<string, NoteRole>> = {
  term: 'term',
  expression: 'term',
  word: 'term',
  front: 'term',
  vocab: 'term',
  vocabulary: 'term',
  reading: 'reading',
  romanization: 'reading',
  pronunciation: 'reading',
  translation: 'translation',
  meaning: 'translation',
  glossary: 'translation',
  definition: 'translation',
  back: 'translation',
  sentence: 'sentence',
  notes: 'notes',
  lemma: 'lemma',
  picture: 'picture',
  image: 'picture',
  audio: 'audio',
  sentenceaudio: 'audio',
  'sentence audio': 'audio',
  tags: 'tags',
};

export type FieldRoles = Readonly<Record<string, NoteRole>>;

/** The Settings value (JSON: field name → role) as a map; anything else in it is ignored, so a bad value cannot break mining. */
export function parseFieldRoles(stored: string): FieldRoles {
  let raw: unknown;
  try {
    raw = JSON.parse(stored || '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Record<string, NoteRole> = {};
  for (const [name, role] of Object.entries(raw)) if (isNoteRole(role) && name.trim()) out[name.trim().toLowerCase()] = role;
  return out;
}

/** What a field of a note holds, or null when Lectio keeps nothing of it. */
export const roleOfField = (name: string, custom: FieldRoles): NoteRole | null =>
  custom[name.trim().toLowerCase()] ?? DEFAULT_FIELD_ROLES[name.trim().toLowerCase()] ?? null;

/** A note as a term's fields, in plain text, with the media files its fields name. */
export interface MinedNote {
  /** The term field's name ('' when the note has none): Anki's duplicate check is on it. */
  termField: string;
  term: string;
  reading: string;
  translation: string;
  sentence: string;
  notes: string;
  lemma: string;
  tags: string[];
  /** Media file names the fields name ([sound:x.mp3], <img src="x.jpg">), by the role of their field. */
  media: { role: 'picture' | 'audio'; filename: string }[];
}

/**
 * What mpvacious writes into a note's first field when it has nothing for it (note_exporter.lua, export_to_anki: a
 * sentence card of Ctrl+N whose note type starts with a word field). It is not a word: Lectio never makes it a term.
 */
export const EMPTY_FIRST_FIELD = '[empty]';

/** Caps of the term fields (src-shared/contract/terms.ts termFields): longer mined text is cut, not refused. */
export const TERM_FIELD_CAPS = { term: 250, lemma: 250, reading: 1000, translation: 10_000, notes: 10_000, sentence: 5000 } as const;

/** A field as one line of text; plain text (no tag, entity or sound tag) skips the HTML pass. */
const oneLine = (html: string) => (/[<&[]/.test(html) ? fieldHtmlToText(removeSoundTags(html)) : html).replace(/\s+/g, ' ').trim();

/** Media a field names: sound tags and image sources (only a bare file name: never a path or URL). */
export function mediaNames(html: string): string[] {
  const names = [...html.matchAll(/\[sound:([^\]]+)\]/g), ...html.matchAll(/<img[^>]*\ssrc=["']?([^"'>\s]+)["']?/gi)].map((m) => m[1].trim());
  return names.filter((n) => n && !/[\\/]/.test(n) && !n.includes('..'));
}

/**
 * A sentence field as a term's example sentence: the word the tool marked in bold (Yomitan's {cloze-body},
 * asbplayer's highlight) goes in {braces}, Lectio's mark; without a mark the term's first occurrence gets them.
 */
export function sentenceFromField(html: string, term: string): string {
  const marked = removeSoundTags(html)
    .replace(/\{|\}/g, '')
    .replace(/<(b|strong)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi, (_m, _tag, inner: string) => `{${inner}}`);
  const text = fieldHtmlToText(marked).replace(/\s+/g, ' ').trim();
  return (sentenceForExport(text, term) ?? text).slice(0, TERM_FIELD_CAPS.sentence);
}

/**
 * Reads a note's fields (name → HTML) by their roles. The first field naming a role wins. `storedTerm`: the text of
 * the term an update writes to, whose word the sentence marks when the update names no term (mpvacious's Ctrl+M).
 */
export function readNoteFields(fields: Readonly<Record<string, string>>, custom: FieldRoles, tags: readonly string[] = [], storedTerm = ''): MinedNote {
  const byRole = new Map<NoteRole, { name: string; html: string }>();
  const media: MinedNote['media'] = [];
  for (const [name, value] of Object.entries(fields)) {
    const html = typeof value === 'string' ? value : '';
    const role = roleOfField(name, custom);
    for (const filename of mediaNames(html)) media.push({ role: role === 'picture' || /^<img/i.test(html.trim()) ? 'picture' : 'audio', filename });
    if (role && !byRole.has(role)) byRole.set(role, { name, html });
  }
  const html = (role: NoteRole) => byRole.get(role)?.html ?? '';
  const term = oneLine(html('term')).slice(0, TERM_FIELD_CAPS.term);
  const fieldTags = oneLine(html('tags'))
    .split(/[\s,]+/)
    .filter(Boolean);
  return {
    termField: byRole.get('term')?.name ?? '',
    term,
    reading: oneLine(html('reading')).slice(0, TERM_FIELD_CAPS.reading),
    translation: glossaryText(removeSoundTags(html('translation')), TERM_FIELD_CAPS.translation),
    sentence: sentenceFromField(html('sentence'), term || storedTerm),
    notes: glossaryText(removeSoundTags(html('notes')), TERM_FIELD_CAPS.notes),
    lemma: oneLine(html('lemma')).slice(0, TERM_FIELD_CAPS.lemma),
    tags: [...new Set([...tags, ...fieldTags].map((t) => t.trim()).filter(Boolean))],
    media,
  };
}

/** What a term shows as a note of the "Lectio term" type (notesInfo): HTML fields in the note type's order. */
export interface TermAsNote {
  text: string;
  romanization: string;
  translation: string;
  sentence: string;
  notes: string;
  lemma: string | null;
  tags: readonly string[];
  pictures: readonly string[];
  audio: readonly string[];
}

export function lectioNoteFields(t: TermAsNote): Record<(typeof LECTIO_MODEL_FIELDS)[number], { value: string; order: number }> {
  const values: Record<(typeof LECTIO_MODEL_FIELDS)[number], string> = {
    Term: textToFieldHtml(t.text),
    Reading: textToFieldHtml(t.romanization),
    Translation: textToFieldHtml(t.translation),
    Sentence: t.sentence ? sentenceHtml(t.sentence) : '',
    Notes: textToFieldHtml(t.notes),
    Lemma: textToFieldHtml(t.lemma ?? ''),
    Picture: t.pictures.map((p) => `<img src="${textToFieldHtml(p)}">`).join(''),
    Audio: t.audio.map((a) => `[sound:${a}]`).join(''),
    Tags: textToFieldHtml(t.tags.join(' ')),
  };
  return Object.fromEntries(LECTIO_MODEL_FIELDS.map((name, order) => [name, { value: values[name], order }])) as ReturnType<typeof lectioNoteFields>;
}
