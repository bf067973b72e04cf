// Every AnkiConnect action states what a key's token needs to call it (issue 44 added eleven), as
// endpoint-callers.test.ts does for endpoints: an action added, renamed or moved from reading to writing changes its
// row here, so the change is a failure to read, never a silent widening. A key limited to reading is then refused
// every writing action over real HTTP, and nothing of its account changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANKICONNECT_ACTIONS } from '../../src-shared/anki/connect/protocol';
import { scopeOfAction } from '../../src-main/modules/ankiconnect/service';
import { signedIn, startMultiUser } from '../helpers/accounts';
import { acPost } from '../helpers/ankiconnect-client';
import type { TestServer } from '../helpers/core';

/** [action, the scope a key needs], sorted case-insensitively. */
const TABLE: [string, 'read' | 'vocabulary'][] = [
  ['addNote', 'vocabulary'],
  ['addNotes', 'vocabulary'],
  ['addTags', 'vocabulary'],
  ['apiReflect', 'read'],
  ['areSuspended', 'read'],
  ['canAddNotes', 'read'],
  ['canAddNotesWithErrorDetail', 'read'],
  ['cardsInfo', 'read'],
  ['cardsModTime', 'read'],
  ['changeDeck', 'vocabulary'],
  ['deckNames', 'read'],
  ['deckNamesAndIds', 'read'],
  ['findCards', 'read'],
  ['findModelsByName', 'read'],
  ['findNotes', 'read'],
  ['getIntervals', 'read'],
  ['getMediaDirPath', 'read'],
  ['guiAddCards', 'read'],
  ['guiBrowse', 'read'],
  ['guiEditNote', 'read'],
  ['guiSelectedNotes', 'read'],
  ['modelFieldNames', 'read'],
  ['modelNames', 'read'],
  ['multi', 'read'],
  ['notesInfo', 'read'],
  ['notesModTime', 'read'],
  ['requestPermission', 'read'],
  ['storeMediaFile', 'vocabulary'],
  ['updateNoteFields', 'vocabulary'],
  ['version', 'read'],
];

const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());

describe('AnkiConnect actions and the scope each needs', () => {
  it('lists every action once, sorted, with the scope the server asks of a key', () => {
    expect(TABLE.map(([a]) => a)).toEqual([...TABLE.map(([a]) => a)].sort(byName));
    expect(TABLE.map(([a]) => a).sort(byName)).toEqual([...ANKICONNECT_ACTIONS].sort(byName));
    expect(TABLE.map(([a]) => [a, scopeOfAction(a as (typeof ANKICONNECT_ACTIONS)[number])])).toEqual(TABLE);
  });

  describe('with accounts, a key that may only read', () => {
    let m: TestServer;
    beforeAll(async () => {
      m = await startMultiUser();
    });
    afterAll(() => m.close());

    it('is refused every writing action, and its account is left as it was', async () => {
      const ana = await signedIn(m.baseUrl, 'ana');
      expect((await ana.post('/api/v1/languages', { LgName: 'German' })).status).toBe(200);
      const writer = (await ana.post('/api/v1/auth/tokens', { name: 'yomitan', scopes: ['read', 'vocabulary'] })).body.token as string;
      const reader = (await ana.post('/api/v1/auth/tokens', { name: 'asbplayer', scopes: ['read'] })).body.token as string;
      const call = (key: string, action: string, params: Record<string, unknown>) => acPost(`${m.baseUrl}/ankiconnect`, { action, version: 6, key, params });
      const note = { deckName: 'German', modelName: 'Basic', fields: { Front: 'Hund', Back: 'dog' }, tags: ['mined'] };
      const id = (await call(writer, 'addNote', { note })).body.result as number;
      expect(String(id)).toHaveLength(13);
      const writes: Record<string, Record<string, unknown>> = {
        addNote: { note: { ...note, fields: { Front: 'Katze' } } },
        addNotes: { notes: [{ ...note, fields: { Front: 'Maus' } }] },
        addTags: { notes: [id], tags: 'stolen' },
        changeDeck: { cards: [id], deck: 'German' },
        storeMediaFile: { filename: 'x.wav', data: 'UklGRg==' },
        updateNoteFields: { note: { id, fields: { Back: 'changed' } } },
      };
      expect(Object.keys(writes).sort(byName)).toEqual(TABLE.filter(([, s]) => s === 'vocabulary').map(([a]) => a));
      for (const [action, params] of Object.entries(writes))
        expect((await call(reader, action, params)).body, action).toEqual({
          result: null,
          error: `This key may not call ${action}: its app needs the vocabulary permission (Settings → Connected apps)`,
        });
      // Inside a multi too: each action is checked on its own.
      const [inner] = (await call(reader, 'multi', { actions: [{ action: 'addTags', params: writes.addTags }] })).body.result;
      expect(inner.error).toMatch(/may not call addTags/);
      const [info] = (await call(reader, 'notesInfo', { notes: [id] })).body.result;
      expect(info).toMatchObject({ noteId: id, tags: ['mined'], fields: { Term: { value: 'Hund' }, Translation: { value: 'dog' } } });
      expect((await call(reader, 'findNotes', { query: 'deck:German' })).body.result).toEqual([id]);
    });
  });
});
