import { describe, expect, it } from 'vitest';
import {
  ankiRequest,
  isEnvelope,
  noteIsCurrent,
  notesQuery,
  safeMediaName,
  SEND_FIELDS,
  sendModelParams,
  sendNote,
  sendNoteFields,
  statusFromAnkiCards,
} from './connect';

const term = {
  WoID: 12,
  WoText: 'Haus',
  WoRomanization: 'haʊs',
  WoTranslation: 'house\nhome',
  WoSentence: 'Das Haus ist <alt>.',
  WoNotes: 'n. & neuter',
  WoLemma: 'Haus',
  TermTags: ['noun', 'a1 level'],
};

describe('AnkiConnect requests', () => {
  it('carries version 6, the params, and the key only when one is set', () => {
    expect(ankiRequest('deckNames', undefined, '')).toEqual({ action: 'deckNames', version: 6 });
    expect(ankiRequest('findNotes', { query: 'x' }, 'k')).toEqual({ action: 'findNotes', version: 6, params: { query: 'x' }, key: 'k' });
  });

  it('recognises the {result, error} envelope only', () => {
    expect(isEnvelope({ result: 6, error: null })).toBe(true);
    expect(isEnvelope({ result: null, error: 'unsupported action' })).toBe(true);
    expect(isEnvelope(6)).toBe(false);
    expect(isEnvelope({ result: 1 })).toBe(false);
    expect(isEnvelope([{ result: 1, error: null }])).toBe(false);
  });
});

describe('the "Lectio term" note', () => {
  it('declares the ten fields in order and one card template', () => {
    const p = sendModelParams();
    expect(p.inOrderFields).toEqual(['Term', 'Reading', 'Translation', 'Sentence', 'Notes', 'Lemma', 'Picture', 'Audio', 'Tags', 'LectioID']);
    expect(p.modelName).toBe('Lectio term');
    expect(p.isCloze).toBe(false);
    expect(p.cardTemplates).toHaveLength(1);
    for (const f of ['Term', 'Translation']) expect(p.cardTemplates[0].Front + p.cardTemplates[0].Back).toContain(`{{${f}}}`);
  });

  it('fills each field from the term, HTML-escaped, with the sentence word bold', () => {
    expect(sendNoteFields(term)).toEqual({
      Term: 'Haus',
      Reading: 'haʊs',
      Translation: 'house<br>home',
      Sentence: 'Das <b>Haus</b> ist &lt;alt&gt;.',
      Notes: 'n. &amp; neuter',
      Lemma: 'Haus',
      Picture: '',
      Audio: '',
      Tags: 'noun, a1 level',
      LectioID: '12',
    });
    expect(Object.keys(sendNoteFields(term))).toEqual([...SEND_FIELDS]);
  });

  it('leaves the "*" placeholder, a sentence without the term and a missing lemma empty', () => {
    const f = sendNoteFields({ ...term, WoTranslation: '*', WoSentence: 'Nothing here.', WoLemma: null });
    expect([f.Translation, f.Sentence, f.Lemma]).toEqual(['', '', '']);
  });

  it('fills Picture and Audio from the term media list, with safe file names', () => {
    const f = sendNoteFields(term, [
      { kind: 'audio', filename: 'haus.mp3', dataBase64: 'AA==' },
      { kind: 'picture', filename: '../x/"y".png', dataBase64: 'AA==' },
      { kind: 'audio', filename: 'satz.ogg', dataBase64: 'AA==' },
    ]);
    expect(f.Audio).toBe('[sound:haus.mp3][sound:satz.ogg]');
    expect(f.Picture).toBe('<img src="_x_y_.png">');
    expect(safeMediaName('...')).toBe('media');
  });

  it('goes to the language deck with the term tags made Anki-safe', () => {
    const note = sendNote(term, 'Lectio::German');
    expect(note.deckName).toBe('Lectio::German');
    expect(note.modelName).toBe('Lectio term');
    expect(note.tags).toEqual(['lectio', 'noun', 'a1_level']);
  });

  it('is current when every field Anki holds equals what would be sent', () => {
    const wanted = sendNoteFields(term);
    const stored = Object.fromEntries(Object.entries(wanted).map(([k, v]) => [k, { value: v, order: 0 }]));
    expect(noteIsCurrent(stored, wanted)).toBe(true);
    expect(noteIsCurrent({ ...stored, Translation: { value: 'old' } }, wanted)).toBe(false);
    expect(noteIsCurrent({}, wanted)).toBe(false);
  });

  it('finds a batch of notes by their LectioID field', () => {
    expect(notesQuery([3, 14])).toBe('"note:Lectio term" (LectioID:3 OR LectioID:14)');
  });
});

describe('status from Anki cards', () => {
  const review = (ivl: number) => ({ type: 2, queue: 2, ivl });
  it('keeps the learner 98 and 99 whatever the cards say', () => {
    expect(statusFromAnkiCards(98, [review(40)])).toBe(98);
    expect(statusFromAnkiCards(99, [{ type: 2, queue: -1, ivl: 3 }])).toBe(99);
  });
  it('demotes 1-5 to 98 when every card is suspended', () => {
    expect(statusFromAnkiCards(3, [{ type: 2, queue: -1, ivl: 10 }])).toBe(98);
  });
  it('leaves the status alone while Anki has never shown the card', () => {
    expect(statusFromAnkiCards(4, [{ type: 0, queue: 0, ivl: 0 }])).toBe(4);
    expect(statusFromAnkiCards(4, [])).toBe(4);
  });
  it('follows the interval bands of the deck import once studied', () => {
    expect(statusFromAnkiCards(1, [{ type: 1, queue: 1, ivl: 0 }])).toBe(1);
    expect(statusFromAnkiCards(1, [review(1)])).toBe(2);
    expect(statusFromAnkiCards(1, [review(7)])).toBe(3);
    expect(statusFromAnkiCards(5, [review(14)])).toBe(4);
    expect(statusFromAnkiCards(2, [review(21)])).toBe(99);
    expect(statusFromAnkiCards(2, [review(3), { type: 2, queue: -1, ivl: 30 }])).toBe(2);
  });
});
