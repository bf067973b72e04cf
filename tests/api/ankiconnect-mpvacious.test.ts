// mpvacious against Lectio's AnkiConnect (issue 44), its calls replayed in the order its source makes them
// (Ajatt-Tools/mpvacious: mpvacious/anki/ankiconnect.lua, note_exporter.lua, new_note_checker.lua; curl, no Origin,
// version 6), told in our words:
//   - at start, changeDeck {cards: [], deck} to check its deck; findModelsByName for its note type's first field;
//   - Ctrl+N (a new card): getMediaDirPath, ffmpeg writes the audio clip and snapshot INTO that folder, then addNote
//     with fields naming them ([sound:x], <img src="x">) and "[empty]" in the note type's first field when it has
//     nothing for it (a sentence card: Lectio keeps words, so it says what to do instead), then guiBrowse
//     "nid:<id>"; Ctrl+Shift+N sends the same note to guiAddCards;
//   - Ctrl+M (update the last card, typically the word Yomitan just added): findNotes "added:1", ids sorted, the
//     last; refused when that id is older than ten minutes (the id read as milliseconds); getMediaDirPath, files written, notesInfo for the stored fields,
//     guiBrowse "nid:1" (to move Anki's browser off the note), updateNoteFields with the joined fields, addTags;
//   - "update the selected card": guiSelectedNotes.
// Lectio reads a named file from that folder only: the path tests below try to make it read anything else.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { acPost, PNG_BASE64, termIdOfNote, wavBase64 } from '../helpers/ankiconnect-client';

const s = withServer({ language: { LgName: 'German' } });
const curl = (action: string, params?: Record<string, unknown>) =>
  acPost(`${s.baseUrl}/ankiconnect`, params ? { action, version: 6, params } : { action, version: 6 }, { contentType: 'application/x-www-form-urlencoded' });
const ok = async (action: string, params?: Record<string, unknown>) => {
  const answer = (await curl(action, params)).body;
  expect(answer.error, `${action}: ${answer.error}`).toBeNull();
  return answer.result;
};
const term = async (noteId: number) => (await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, noteId)}`)).body;
const names = (t: { TermMedia: { filename: string }[] }) => t.TermMedia.map((m) => m.filename).sort();

describe('mpvacious, as its users use it', () => {
  it('checks its deck and its note type at start', async () => {
    expect(await ok('changeDeck', { cards: [], deck: 'German' })).toBeNull();
    expect((await curl('changeDeck', { cards: [], deck: 'Mining' })).body.error).toBe('deck was not found: Mining');
    const [model] = await ok('findModelsByName', { modelNames: ['Lectio term'] });
    expect(model.flds.find((f: { ord: number }) => f.ord === 0).name).toBe('Term');
    expect((await curl('findModelsByName', { modelNames: ['Japanese sentences'] })).body.error).toBe('model was not found: Japanese sentences');
    expect(await ok('guiSelectedNotes')).toEqual([]);
  });

  it('Ctrl+N without a word is refused with what to do; the word mined from Yomitan, Ctrl+M adds the clip and snapshot', async () => {
    // mpvacious's config for Lectio: model_name=Lectio term, sentence_field=Sentence, audio_field=Audio,
    // image_field=Picture. Ctrl+N makes a sentence card: its first field (Term) is "[empty]".
    const [model] = await ok('findModelsByName', { modelNames: ['Lectio term'] });
    const firstField = model.flds.find((f: { ord: number }) => f.ord === 0).name;
    const dir = await ok('getMediaDirPath');
    expect(path.isAbsolute(dir)).toBe(true);
    expect(path.relative(s.core.dataDir, dir).startsWith('..')).toBe(false);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    fs.writeFileSync(path.join(dir, 'Film_00-01-02.wav'), Buffer.from(wavBase64(), 'base64'));
    fs.writeFileSync(path.join(dir, 'Film_00-01-02.png'), Buffer.from(PNG_BASE64, 'base64'));
    const sentenceCard = {
      deckName: 'German',
      modelName: 'Lectio term',
      fields: {
        Sentence: 'Der Zug fährt ab.',
        Picture: '<img alt="snapshot" src="Film_00-01-02.png">',
        Audio: '[sound:Film_00-01-02.wav]',
        [firstField]: '[empty]',
      },
      options: { allowDuplicate: false, duplicateScope: 'deck' },
      tags: ['mpvacious'],
    };
    const refused = (await curl('addNote', { note: sentenceCard })).body;
    expect(refused).toEqual({ result: null, error: expect.stringMatching(/^Lectio keeps words, and this note has none \(Term is “\[empty\]”\).*Ctrl\+M/) });
    expect((await curl('findNotes', { query: '"Term:[empty]"' })).body.result).toEqual([]);
    // Ctrl+Shift+N (the Add dialog): Lectio's editor opens with the sentence, the word left to type.
    const shown: string[] = [];
    s.core.services.desktop = { show: (p) => shown.push(p) };
    try {
      expect(await ok('guiAddCards', { note: sentenceCard })).toBe(0);
    } finally {
      s.core.services.desktop = undefined;
    }
    expect(Object.fromEntries(new URL(shown[0], 'http://x').searchParams)).toEqual({
      new: '1',
      lang: String(s.languageId),
      sentence: 'Der Zug fährt ab.',
      tags: 'mpvacious',
    });

    // The learner looks "Zug" up in Yomitan and adds it; a minute later, Ctrl+M.
    const id = await ok('addNote', { note: { deckName: 'German', modelName: 'Yomitan', fields: { Expression: 'Zug', Glossary: 'train' } } });
    s.core.clock.advance(60_000);
    const ids = ((await ok('findNotes', { query: 'added:1' })) as number[]).sort((a, b) => a - b);
    const last = ids.at(-1)!;
    expect(last).toBe(id);
    // mpvacious: refused unless the newest note was made in the last ten minutes, its id read as milliseconds.
    expect(last >= s.core.clock.now() - 10 * 60_000).toBe(true);
    expect(await ok('getMediaDirPath')).toBe(dir);
    fs.writeFileSync(path.join(dir, 'Film_00-05-00.wav'), Buffer.from(wavBase64(1600), 'base64'));
    fs.writeFileSync(path.join(dir, 'Film_00-05-00.png'), Buffer.from(PNG_BASE64, 'base64'));
    const [stored] = await ok('notesInfo', { notes: [last] });
    expect(stored.fields.Audio.value).toBe('');
    expect(await ok('guiBrowse', { query: 'nid:1' })).toEqual([]);
    // join_fields: each media field the stored value, <br>, the new one (the stored one empty here: the new one).
    expect(
      await ok('updateNoteFields', {
        note: {
          id: last,
          fields: { Sentence: 'Der Zug fährt gleich ab.', Audio: '[sound:Film_00-05-00.wav]', Picture: '<img alt="snapshot" src="Film_00-05-00.png">' },
        },
      }),
    ).toBeNull();
    expect(await ok('addTags', { notes: [last], tags: 'mpvacious::updated' })).toBeNull();
    const updated = await term(last);
    expect(names(updated)).toEqual(['Film_00-05-00.png', 'Film_00-05-00.wav']);
    expect(updated).toMatchObject({ WoText: 'Zug', WoTranslation: 'train', WoSentence: 'Der {Zug} fährt gleich ab.' });
    expect(updated.TermTags).toEqual(['mpvacious::updated']);
    // Read into Lectio's media store: the folder keeps only what no note has named (the refused card's files).
    expect(fs.readdirSync(dir).sort()).toEqual(['Film_00-01-02.png', 'Film_00-01-02.wav']);
    // A second Ctrl+M names the files already stored again beside a new clip: kept once, the new one added.
    fs.writeFileSync(path.join(dir, 'Film_00-09-00.wav'), Buffer.from(wavBase64(), 'base64'));
    const [again] = await ok('notesInfo', { notes: [last] });
    const audio = `${again.fields.Audio.value}<br>[sound:Film_00-09-00.wav]`;
    expect(await ok('updateNoteFields', { note: { id: last, fields: { Audio: audio } } })).toBeNull();
    expect(names(await term(last))).toEqual(['Film_00-05-00.png', 'Film_00-05-00.wav', 'Film_00-09-00.wav']);
    fs.rmSync(path.join(dir, 'Film_00-01-02.png'));
    fs.rmSync(path.join(dir, 'Film_00-01-02.wav'));
  });

  it('never reads a file outside its media folder, however the field names it', async () => {
    const dir = await ok('getMediaDirPath');
    const secret = path.join(s.core.dataDir, 'secret.wav');
    fs.writeFileSync(secret, Buffer.from(wavBase64(), 'base64'));
    fs.symlinkSync(secret, path.join(dir, 'link.wav'));
    const sneaky = [
      '[sound:../secret.wav]',
      '[sound:../../secret.wav]',
      `[sound:${secret}]`,
      '[sound:..\\secret.wav]',
      '<img src="../secret.wav">',
      '[sound:link.wav]',
      '[sound:.]',
    ];
    const id = await ok('addNote', { note: { deckName: 'German', modelName: 'Lectio term', fields: { Term: 'Dieb' } } });
    for (const audio of sneaky) expect(await ok('updateNoteFields', { note: { id, fields: { Audio: audio } } })).toBeNull();
    expect((await term(id)).TermMedia ?? []).toEqual([]);
    // Nothing was read, so nothing was removed either: the file and the link stay as they were.
    expect(fs.existsSync(secret) && fs.lstatSync(path.join(dir, 'link.wav')).isSymbolicLink()).toBe(true);
    fs.rmSync(path.join(dir, 'link.wav'));
  });

  it('clears files no note named within a day when the folder is next asked for', async () => {
    const dir = await ok('getMediaDirPath');
    const old = path.join(dir, 'refused_00-01-02.wav');
    const fresh = path.join(dir, 'just-written.wav');
    fs.writeFileSync(old, Buffer.from(wavBase64(), 'base64'));
    fs.writeFileSync(fresh, Buffer.from(wavBase64(), 'base64'));
    const dayAgo = (s.core.clock.now() - 24 * 60 * 60 * 1000 - 60_000) / 1000;
    fs.utimesSync(old, dayAgo, dayAgo);
    const minuteAgo = (s.core.clock.now() - 60_000) / 1000;
    fs.utimesSync(fresh, minuteAgo, minuteAgo);
    expect(await ok('getMediaDirPath')).toBe(dir);
    expect(fs.readdirSync(dir)).toEqual(['just-written.wav']);
    fs.rmSync(fresh);
  });

  it('checks size and type as storeMediaFile does', async () => {
    const dir = await ok('getMediaDirPath');
    const id = await ok('addNote', { note: { deckName: 'German', modelName: 'Lectio term', fields: { Term: 'Riese' } } });
    const big = path.join(dir, 'big.wav');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 20 * 1024 * 1024 + 1);
    expect((await curl('updateNoteFields', { note: { id, fields: { Audio: '[sound:big.wav]' } } })).body.error).toMatch(/big\.wav is larger than 20 MB/);
    fs.writeFileSync(path.join(dir, 'script.mp3'), '#!/bin/sh\necho hello\n');
    expect((await curl('updateNoteFields', { note: { id, fields: { Audio: '[sound:script.mp3]' } } })).body.error).toBeTruthy();
    expect((await term(id)).TermMedia ?? []).toEqual([]);
    fs.rmSync(big);
    fs.rmSync(path.join(dir, 'script.mp3'), { force: true });
  });
});
