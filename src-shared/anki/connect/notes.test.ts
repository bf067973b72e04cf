import { describe, expect, it } from 'vitest';
import { lectioNoteFields, mediaNames, parseFieldRoles, readNoteFields, roleOfField, sentenceFromField } from './notes';

describe('mined note fields → term fields', () => {
  it("reads Yomitan's usual note (Expression/Reading/Glossary/Sentence/Audio; Yomitan's default field markers)", () => {
    const note = readNoteFields(
      {
        Expression: '食べる',
        Reading: 'たべる',
        Glossary: '<div><ol><li>to eat</li><li>to live on</li></ol></div>',
        Sentence: 'パンを<b>食べる</b>。',
        Audio: '[sound:yomitan_audio_たべる.mp3]',
      },
      {},
      ['yomitan'],
    );
    expect(note).toEqual({
      termField: 'Expression',
      term: '食べる',
      reading: 'たべる',
      translation: 'to eat\nto live on',
      sentence: 'パンを{食べる}。',
      notes: '',
      lemma: '',
      tags: ['yomitan'],
      media: [{ role: 'audio', filename: 'yomitan_audio_たべる.mp3' }],
    });
  });

  it("reads asbplayer's note (Word/Definition/Sentence/Image/Audio, lower-case names too)", () => {
    const note = readNoteFields(
      { word: 'run', definition: 'to move fast', sentence: 'They run home.', image: '<img src="asb_123.jpeg">', audio: '[sound:asb_123.mp3]' },
      {},
    );
    expect(note.term).toBe('run');
    expect(note.translation).toBe('to move fast');
    expect(note.sentence).toBe('They {run} home.');
    expect(note.media).toEqual([
      { role: 'picture', filename: 'asb_123.jpeg' },
      { role: 'audio', filename: 'asb_123.mp3' },
    ]);
  });

  it('lets Settings name other fields and override the usual names', () => {
    const custom = parseFieldRoles('{"Vocab Kanji": "term", "Back": "notes", "X": "nonsense"}');
    expect(custom).toEqual({ 'vocab kanji': 'term', back: 'notes' });
    expect(roleOfField('VOCAB KANJI', custom)).toBe('term');
    expect(roleOfField('Back', custom)).toBe('notes');
    expect(roleOfField('Back', {})).toBe('translation');
    expect(roleOfField('Frequency', {})).toBeNull();
    expect(parseFieldRoles('not json')).toEqual({});
    expect(readNoteFields({ Other: 'x' }, {}).termField).toBe('');
  });

  it('keeps only bare file names as media and marks the sentence', () => {
    expect(mediaNames('[sound:../../etc/passwd]<img src="/tmp/x.png"><img src=ok.png>')).toEqual(['ok.png']);
    expect(sentenceFromField('No mark {here}', 'mark')).toBe('No {mark} here');
    expect(sentenceFromField('Without the word', 'zzz')).toBe('Without the word');
  });

  it('shows a term as a Lectio term note, fields in order', () => {
    const fields = lectioNoteFields({
      text: 'run',
      romanization: '',
      translation: 'a <b>',
      sentence: 'They {run}.',
      notes: '',
      lemma: null,
      tags: ['a', 'b'],
      pictures: ['p.png'],
      audio: ['s.mp3'],
    });
    expect(Object.keys(fields)).toEqual(['Term', 'Reading', 'Translation', 'Sentence', 'Notes', 'Lemma', 'Picture', 'Audio', 'Tags']);
    expect(fields.Translation).toEqual({ value: 'a &lt;b&gt;', order: 2 });
    expect(fields.Sentence.value).toBe('They <b>run</b>.');
    expect(fields.Picture.value).toBe('<img src="p.png">');
    expect(fields.Audio.value).toBe('[sound:s.mp3]');
  });
});
