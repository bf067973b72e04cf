// Runs in: any process. The rules that map Lectio terms to Anki notes and cards and back (SPEC "Flashcard
// package note", the state table): identity, statuses, tags, example sentences, field layout.
import { escapeFieldHtml, fieldHtmlToText, textToFieldHtml } from './fields';
import { markTerm, plainTokens } from '../text/mark-term';

/** Note type id: fixed, so Anki recognises our note type on every later import instead of adding a copy. */
export const LECTIO_NOTE_TYPE_ID = 1607392319000;
export const LECTIO_NOTE_TYPE_NAME = 'Lectio Term';
export const LECTIO_FIELDS = ['Term', 'Translation', 'Romanization', 'Notes', 'LectioId'] as const;
export const LECTIO_ID_FIELD = 'LectioId';
export const LECTIO_TOP_DECK = 'Lectio';

export const lectioDeckName = (languageName: string): string => `${LECTIO_TOP_DECK}::${languageName.replaceAll('::', ':')}`;
export const lectioGuid = (termId: number): string => `lectio-${termId}`;

/** The term id a note's guid names, if it is one of ours. */
export function termIdFromGuid(guid: string): number | null {
  const m = /^lectio-([1-9][0-9]{0,15})$/.exec(guid);
  return m ? Number(m[1]) : null;
}

/** The term id in a LectioId field (plain digits; Anki may have wrapped it in HTML). */
export function termIdFromField(html: string | undefined): number | null {
  if (html === undefined) return null;
  const m = /^([1-9][0-9]{0,15})$/.exec(fieldHtmlToText(html));
  return m ? Number(m[1]) : null;
}

/** SPEC state table, export: 98 and 99 become suspended cards, 1-5 new unsuspended cards. */
export const isSuspendedOnExport = (status: number): boolean => status === 98 || status === 99;

/** Re-import: a suspended card demotes a learning status to 98; 98 and 99 never change (unsuspending never reverses). */
export function statusAfterReimport(status: number, suspended: boolean): number {
  return suspended && status >= 1 && status <= 5 ? 98 : status;
}

/** cards.queue -1 is "suspended" in every Anki version. */
export const SUSPENDED_QUEUE = -1;
/** cards.type 0 is a new card (never studied). */
export const NEW_CARD_TYPE = 0;

export interface CardState {
  type: number;
  queue: number;
  /** Days for review cards; negative (seconds) or 0 while still learning. */
  ivl: number;
}

/** Interval (days) from which Anki calls a card mature. */
export const MATURE_INTERVAL_DAYS = 21;

/**
 * Create-only deck import: the status a new term gets from its note's cards. A note counts as suspended
 * when all of its cards are; otherwise its most advanced unsuspended card decides: mature (≥ 21 days) → 99,
 * new or still in learning (< 1 day) → 1, 1-6 days → 2, 7-13 → 3, 14-20 → 4.
 */
export function statusFromCards(cards: readonly CardState[]): number {
  if (cards.length === 0) return 1;
  const active = cards.filter((c) => c.queue !== SUSPENDED_QUEUE);
  if (active.length === 0) return 98;
  const studied = active.filter((c) => c.type !== NEW_CARD_TYPE);
  const ivl = studied.length === 0 ? 0 : Math.max(...studied.map((c) => c.ivl));
  if (ivl >= MATURE_INTERVAL_DAYS) return 99;
  if (ivl >= 14) return 4;
  if (ivl >= 7) return 3;
  if (ivl >= 1) return 2;
  return 1;
}

/** Anki tags cannot hold spaces: each run of whitespace becomes "_". */
export const tagForAnki = (tag: string): string => tag.trim().replace(/\s+/g, '_');

/** notes.tags: space-separated with a leading and trailing space, as Anki writes it; empty when no tags. */
export function ankiTagsString(tags: readonly string[]): string {
  if (tags.length === 0) return '';
  const cleaned = [...new Set(tags.map(tagForAnki).filter(Boolean))];
  return cleaned.length ? ` ${cleaned.join(' ')} ` : '';
}

/** notes.tags back to a list. Underscores stay as they are: "_" in Anki cannot be told apart from a space we replaced. */
export const parseAnkiTags = (tags: string): string[] => [...new Set(tags.split(/\s+/).filter(Boolean))];

/**
 * The example sentence as exported: empty → left out (null); a sentence already holding {braces} as is;
 * one that holds the term without braces gets them around its first whole-word occurrence (case-insensitive,
 * never inside a longer word: src-shared/text/mark-term.ts, without a parser here); one that does not hold
 * the term at all is left out, since it would not illustrate the card.
 */
export function sentenceForExport(sentence: string, term: string): string | null {
  const s = sentence.trim();
  if (!s) return null;
  if (/\{[^{}]+\}/.test(s)) return s;
  return markTerm(plainTokens(s), term);
}

/**
 * The example sentence travels inside the Notes field as a trailing block of this class, so the note keeps
 * exactly the five fields of the contract and the sentence still shows on the back. Re-import cuts the block
 * off again before the notes are compared or applied, so the sentence never leaks into WoNotes.
 */
const SENTENCE_CLASS = 'lectio-sentence';
const SENTENCE_BLOCK = new RegExp(`(?:<br\\s*/?>)*<div class="${SENTENCE_CLASS}"[^>]*>[\\s\\S]*?</div>\\s*$`, 'i');

/** Highlighted sentence HTML: the word marked by {braces} is bold; the braces are Lectio's markup, not text for the card. */
export function sentenceHtml(sentence: string): string {
  return escapeFieldHtml(sentence).replace(/\{([^{}]+)\}/g, '<b>$1</b>');
}

/** The Notes field of an exported note: the notes, then the example sentence block when there is one. */
export function notesFieldHtml(notes: string, sentence: string | null): string {
  const body = textToFieldHtml(notes.trim());
  return sentence === null ? body : `${body}<div class="${SENTENCE_CLASS}">${sentenceHtml(sentence)}</div>`;
}

/** The learner's notes from a Notes field, without the sentence block export added. */
export const notesFromField = (html: string): string => fieldHtmlToText(html.replace(SENTENCE_BLOCK, ''));

export interface ExportTerm {
  WoID: number;
  WoText: string;
  WoTranslation: string;
  WoRomanization: string;
  WoNotes: string;
  WoSentence: string;
  WoStatus: number;
  tags: string[];
}

/** LWT-style "no translation" placeholder: exported as an empty field, like an empty translation. */
const EMPTY_TRANSLATION = /^\*?$/;

/** The five field values of a term's note, in LECTIO_FIELDS order (HTML, as Anki stores fields). */
export function noteFieldsForTerm(term: ExportTerm): string[] {
  const translation = term.WoTranslation.trim();
  return [
    textToFieldHtml(term.WoText.trim()),
    EMPTY_TRANSLATION.test(translation) ? '' : textToFieldHtml(translation),
    textToFieldHtml(term.WoRomanization.trim()),
    notesFieldHtml(term.WoNotes, sentenceForExport(term.WoSentence, term.WoText)),
    String(term.WoID),
  ];
}

/** What re-import applies to a term from a note's fields (undefined: the note type has no such field). */
export interface NoteChanges {
  WoTranslation?: string;
  WoRomanization?: string;
  WoNotes?: string;
}

export function changesFromNote(fieldsByName: ReadonlyMap<string, string>): NoteChanges {
  const out: NoteChanges = {};
  const translation = fieldsByName.get('Translation');
  const romanization = fieldsByName.get('Romanization');
  const notes = fieldsByName.get('Notes');
  if (translation !== undefined) out.WoTranslation = fieldHtmlToText(translation);
  if (romanization !== undefined) out.WoRomanization = fieldHtmlToText(romanization);
  if (notes !== undefined) out.WoNotes = notesFromField(notes);
  return out;
}

/** Download name: lectio-{language}-{date}.apkg with the language made file-name safe. */
export function exportFileName(languageName: string, now: number): string {
  const lang = languageName
    .normalize('NFC')
    .replace(/[\\/:*?"<>|]+/g, '')
    .replace(/\p{Cc}+/gu, '')
    .trim()
    .replace(/\s+/g, '-');
  return `lectio-${lang || 'language'}-${new Date(now).toISOString().slice(0, 10)}.apkg`;
}
