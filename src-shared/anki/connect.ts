// Runs in: any process. Lectio as a client of AnkiConnect (the add-on that serves a running Anki on
// http://127.0.0.1:8765): the request and answer shapes of its version-6 protocol, the "Lectio term" note type,
// the note built from a term, and the status a term takes from its cards. The interval → status bands and the
// suspension rule are the .apkg import's own (mapping.ts), reused here, never copied.
import { textToFieldHtml } from './fields';
import {
  lectioDeckName,
  NEW_CARD_TYPE,
  sentenceForExport,
  sentenceHtml,
  statusAfterReimport,
  statusFromCards,
  SUSPENDED_QUEUE,
  tagForAnki,
  type CardState,
} from './mapping';

export const ANKICONNECT_VERSION = 6;

/** One AnkiConnect request: `key` only when the learner set one in AnkiConnect's config (apiKey). */
export interface AnkiRequest {
  action: string;
  version: number;
  params?: Record<string, unknown>;
  key?: string;
}

/** The version ≥ 5 answer envelope: exactly one of them is meaningful (error null on success). */
export interface AnkiEnvelope<T = unknown> {
  result: T | null;
  error: string | null;
}

export const isEnvelope = (v: unknown): v is AnkiEnvelope =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  'result' in v &&
  'error' in v &&
  (typeof (v as AnkiEnvelope).error === 'string' || (v as AnkiEnvelope).error === null);

export const ankiRequest = (action: string, params: Record<string, unknown> | undefined, key: string): AnkiRequest => ({
  action,
  version: ANKICONNECT_VERSION,
  ...(params ? { params } : {}),
  // AnkiConnect compares the key of every request, the ones inside `multi` too, with its apiKey setting.
  ...(key ? { key } : {}),
});

/** Note type created in Anki on the first send (a different one from the .apkg export's "Lectio Term"). */
export const SEND_NOTE_TYPE = 'Lectio term';
export const SEND_FIELDS = ['Term', 'Reading', 'Translation', 'Sentence', 'Notes', 'Lemma', 'Picture', 'Audio', 'Tags', 'LectioID'] as const;
export type SendField = (typeof SEND_FIELDS)[number];
export const SEND_ID_FIELD: SendField = 'LectioID';

const FRONT = `<div class="term">{{Term}}</div>
{{#Reading}}<div class="reading">{{Reading}}</div>{{/Reading}}`;
const BACK = `{{FrontSide}}
<hr id="answer">
<div class="translation">{{Translation}}</div>
{{#Picture}}<div class="picture">{{Picture}}</div>{{/Picture}}
{{#Sentence}}<div class="sentence">{{Sentence}}</div>{{/Sentence}}
{{#Audio}}<div class="audio">{{Audio}}</div>{{/Audio}}
{{#Lemma}}<div class="lemma">{{Lemma}}</div>{{/Lemma}}
{{#Notes}}<div class="notes">{{Notes}}</div>{{/Notes}}`;
const CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: center; color: #1d1d1f; background: #fff; }
.term { font-size: 2em; font-weight: 600; }
.reading, .lemma { color: #6e6e73; }
.translation { font-size: 1.2em; margin: 0.5em 0; }
.sentence { font-style: italic; margin: 0.8em auto; max-width: 40em; }
.notes { font-size: 0.85em; color: #6e6e73; white-space: pre-line; }
.picture img { max-width: 100%; max-height: 12em; }
.nightMode.card, .night_mode .card { color: #f5f5f7; background: #1d1d1f; }
.nightMode .reading, .nightMode .lemma, .nightMode .notes { color: #a1a1a6; }`;

/** createModel's params (AnkiConnect: modelName, inOrderFields, css, isCloze, cardTemplates [{Name, Front, Back}]). */
export const sendModelParams = () => ({
  modelName: SEND_NOTE_TYPE,
  inOrderFields: [...SEND_FIELDS],
  css: CSS,
  isCloze: false,
  cardTemplates: [{ Name: 'Term → Translation', Front: FRONT, Back: BACK }],
});

export const sendDeckName = lectioDeckName;

/** A media file of a term (sentence audio, picture) as the note builder takes it: name in Anki's media folder and bytes. */
export interface NoteMedia {
  kind: 'audio' | 'picture';
  filename: string;
  /** The file's bytes, base64 (storeMediaFile's `data`). */
  dataBase64: string;
}

export interface SendTerm {
  WoID: number;
  WoText: string;
  WoRomanization: string;
  WoTranslation: string;
  WoSentence: string;
  WoNotes: string;
  WoLemma: string | null;
  TermTags: readonly string[];
}

/** Anki's media folder is flat and its names are shared: a name without path parts or characters Anki strips. */
export const safeMediaName = (name: string): string =>
  name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120) || 'media';

/** The fields of a term's note (HTML, as Anki stores fields), by field name. */
export function sendNoteFields(term: SendTerm, media: readonly NoteMedia[] = []): Record<SendField, string> {
  const translation = term.WoTranslation.trim();
  const sentence = sentenceForExport(term.WoSentence, term.WoText);
  return {
    Term: textToFieldHtml(term.WoText.trim()),
    Reading: textToFieldHtml(term.WoRomanization.trim()),
    // The LWT-style "*" placeholder means "no translation yet", as on export.
    Translation: /^\*?$/.test(translation) ? '' : textToFieldHtml(translation),
    Sentence: sentence === null ? '' : sentenceHtml(sentence),
    Notes: textToFieldHtml(term.WoNotes.trim()),
    Lemma: textToFieldHtml((term.WoLemma ?? '').trim()),
    Picture: media
      .filter((m) => m.kind === 'picture')
      .map((m) => `<img src="${textToFieldHtml(safeMediaName(m.filename))}">`)
      .join(''),
    Audio: media
      .filter((m) => m.kind === 'audio')
      .map((m) => `[sound:${safeMediaName(m.filename)}]`)
      .join(''),
    Tags: textToFieldHtml(term.TermTags.join(', ')),
    LectioID: String(term.WoID),
  };
}

/** addNote's `note` for a term: the language's deck, our note type, the term's tags plus "lectio". */
export function sendNote(term: SendTerm, deckName: string, media: readonly NoteMedia[] = []) {
  return {
    deckName,
    modelName: SEND_NOTE_TYPE,
    fields: sendNoteFields(term, media),
    tags: ['lectio', ...new Set(term.TermTags.map(tagForAnki).filter(Boolean))],
    // A duplicate Term is fine in Anki's eyes for us: notes are matched by LectioID, and two terms may share a text
    // across languages; Anki's own check (first field, per note type) would refuse the second.
    options: { allowDuplicate: true },
  };
}

/** True when a note's stored fields already say what the term would send (then nothing is written). */
export function noteIsCurrent(stored: Readonly<Record<string, { value: string }>>, wanted: Readonly<Record<string, string>>): boolean {
  return Object.entries(wanted).every(([name, value]) => stored[name]?.value === value);
}

/** findNotes query for a batch of terms' notes (field search on LectioID, our note type only). */
export const notesQuery = (termIds: readonly number[]): string => `"note:${SEND_NOTE_TYPE}" (${termIds.map((id) => `${SEND_ID_FIELD}:${id}`).join(' OR ')})`;

/** findCards query for every card Lectio sent (all languages; the LectioID decides which term a card is). */
export const allSentCardsQuery = (): string => `"note:${SEND_NOTE_TYPE}"`;

/**
 * "Update statuses from Anki": the status a term takes from its cards (cardsInfo's type, queue, interval).
 * The learner's 98 and 99 never change, as on .apkg re-import; every card suspended demotes 1-5 to 98 (re-import's
 * rule); cards never studied say nothing yet (a term just sent would otherwise fall back to 1); otherwise the
 * interval bands of the deck import (statusFromCards: 1-6 days → 2, 7-13 → 3, 14-20 → 4, mature → 99).
 */
export function statusFromAnkiCards(current: number, cards: readonly CardState[]): number {
  if (current === 98 || current === 99 || cards.length === 0) return current;
  const active = cards.filter((c) => c.queue !== SUSPENDED_QUEUE);
  if (active.length === 0) return statusAfterReimport(current, true);
  if (active.every((c) => c.type === NEW_CARD_TYPE)) return current;
  return statusFromCards(cards);
}
