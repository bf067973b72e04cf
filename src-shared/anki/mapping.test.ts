import { describe, expect, it } from 'vitest';
import {
  ankiTagsString,
  changesFromNote,
  exportFileName,
  isSuspendedOnExport,
  lectioDeckName,
  lectioGuid,
  noteFieldsForTerm,
  notesFromField,
  parseAnkiTags,
  sentenceForExport,
  statusAfterReimport,
  statusFromCards,
  tagForAnki,
  termIdFromField,
  termIdFromGuid,
} from './mapping';

const term = { WoID: 7, WoText: 'Haus', WoTranslation: 'house', WoRomanization: '', WoNotes: 'n. <neuter>', WoSentence: '', WoStatus: 2, tags: [] };

describe('anki mapping', () => {
  it('names guid, deck and file', () => {
    expect(lectioGuid(42)).toBe('lectio-42');
    expect(termIdFromGuid('lectio-42')).toBe(42);
    expect(termIdFromGuid('lectio-0')).toBeNull();
    expect(termIdFromGuid('Na#:aV~68:')).toBeNull();
    expect(termIdFromField('<div>42</div>')).toBe(42);
    expect(termIdFromField('')).toBeNull();
    expect(termIdFromField('12abc')).toBeNull();
    expect(lectioDeckName('German')).toBe('Lectio::German');
    expect(exportFileName('Old Norse', Date.UTC(2026, 2, 15))).toBe('lectio-Old-Norse-2026-03-15.apkg');
    expect(exportFileName('a/b:c', Date.UTC(2026, 2, 15))).toBe('lectio-abc-2026-03-15.apkg');
  });

  it('maps statuses both ways per the state table', () => {
    for (const s of [1, 2, 3, 4, 5]) {
      expect(isSuspendedOnExport(s)).toBe(false);
      expect(statusAfterReimport(s, true)).toBe(98);
      expect(statusAfterReimport(s, false)).toBe(s);
    }
    for (const s of [98, 99]) {
      expect(isSuspendedOnExport(s)).toBe(true);
      expect(statusAfterReimport(s, false)).toBe(s);
      expect(statusAfterReimport(s, true)).toBe(s);
    }
  });

  it('gives create-only statuses by interval', () => {
    const card = (type: number, queue: number, ivl: number) => ({ type, queue, ivl });
    expect(statusFromCards([card(0, 0, 0)])).toBe(1);
    expect(statusFromCards([card(1, 1, -600)])).toBe(1);
    expect(statusFromCards([card(2, 2, 1)])).toBe(2);
    expect(statusFromCards([card(2, 2, 6)])).toBe(2);
    expect(statusFromCards([card(2, 2, 7)])).toBe(3);
    expect(statusFromCards([card(2, 2, 13)])).toBe(3);
    expect(statusFromCards([card(2, 2, 14)])).toBe(4);
    expect(statusFromCards([card(2, 2, 20)])).toBe(4);
    expect(statusFromCards([card(2, 2, 21)])).toBe(99);
    expect(statusFromCards([card(2, -1, 400)])).toBe(98);
    expect(statusFromCards([card(2, -1, 400), card(0, 0, 0)])).toBe(1);
    expect(statusFromCards([card(2, 2, 3), card(2, 2, 30)])).toBe(99);
    expect(statusFromCards([])).toBe(1);
  });

  it('turns spaces in tags into underscores and parses them back as they are', () => {
    expect(tagForAnki(' past  tense ')).toBe('past_tense');
    expect(ankiTagsString(['a b', 'c', 'a b'])).toBe(' a_b c ');
    expect(ankiTagsString([])).toBe('');
    expect(parseAnkiTags(' a_b  c ')).toEqual(['a_b', 'c']);
  });

  it('exports sentences: empty left out, braces kept or added', () => {
    expect(sentenceForExport('', 'Haus')).toBeNull();
    expect(sentenceForExport('Das {Haus} ist rot.', 'Haus')).toBe('Das {Haus} ist rot.');
    expect(sentenceForExport('Das haus ist rot.', 'Haus')).toBe('Das {haus} ist rot.');
    expect(sentenceForExport('Ganz anders.', 'Haus')).toBeNull();
    // The whole word, never the first look-alike inside a longer one (issue 31, item 1).
    expect(sentenceForExport('Träumen erwachte, fand er sich.', 'er')).toBe('Träumen erwachte, fand {er} sich.');
    expect(sentenceForExport('Das Haustier schläft.', 'Haus')).toBeNull();
  });

  it('builds the five fields, escaping HTML and leaving empty translations empty', () => {
    expect(noteFieldsForTerm(term)).toEqual(['Haus', 'house', '', 'n. &lt;neuter&gt;', '7']);
    expect(noteFieldsForTerm({ ...term, WoTranslation: '*' })[1]).toBe('');
    const withSentence = noteFieldsForTerm({ ...term, WoSentence: 'Das Haus ist rot.' });
    // The card shows the word in bold, never Lectio's {braces}.
    expect(withSentence[3]).toBe('n. &lt;neuter&gt;<div class="lectio-sentence">Das <b>Haus</b> ist rot.</div>');
    expect(withSentence[3]).not.toMatch(/[{}]/);
    expect(notesFromField(withSentence[3])).toBe('n. <neuter>');
  });

  it('reads the changes of a note back, without the sentence block', () => {
    const fields = new Map([
      ['Translation', 'home<br>dwelling'],
      ['Romanization', ''],
      ['Notes', 'edited<div class="lectio-sentence">Das <b>{Haus}</b></div>'],
    ]);
    expect(changesFromNote(fields)).toEqual({ WoTranslation: 'home\ndwelling', WoRomanization: '', WoNotes: 'edited' });
    expect(changesFromNote(new Map())).toEqual({});
  });
});
