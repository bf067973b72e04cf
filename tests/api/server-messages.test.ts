// Issue 20: refusals the server writes carry a message code and its values beside the unchanged English `error`,
// so the interface can say them in its own language; the same body reaches IPC callers (ipc-parity covers that).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'Spanish' }, env: { BACKUP_RESTORE_ENABLED: 'true' } });

describe('coded refusals over HTTP', () => {
  it('an empty .apkg upload', async () => {
    const res = await s.client.upload('/api/v1/apkg/inspect', { name: 'deck.apkg', data: new Uint8Array(0) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'The uploaded file is empty', code: 'import.fileEmpty' });
  });

  it('a dictionary file with no readable rows', async () => {
    const data = new TextEncoder().encode('just some prose\nwith no commas at all\n');
    const res = await s.client.upload('/api/v1/local-dictionaries/upload', { name: 'words.csv', data }, { language_id: String(s.languageId) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'This .csv has no readable rows: expected term,definition per line',
      code: 'dict.csvNoRows',
      params: { ext: '.csv' },
    });
  });

  it('a text without a title: the English error and words kept, one coded issue per field', async () => {
    const res = await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: '', TxText: 'Hola.' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid input: .*TxTitle/);
    expect(res.body.message).toBe('Title is required');
    expect(res.body.issues).toEqual([
      { field: 'TxTitle', code: 'required', params: expect.objectContaining({ label: 'Title' }), message: 'Title is required' },
    ]);
  });

  it('an id that is not the caller’s: not found, by code', async () => {
    const res = await s.client.get('/api/v1/texts/987654');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Text not found', code: 'text.notFound' });
  });

  it('a conflict names its values in params', async () => {
    const res = await s.client.post('/api/v1/languages', { LgName: 'Spanish' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'A language named "Spanish" already exists', code: 'language.nameTaken', params: { name: 'Spanish' } });
  });

  it('a refusal with a reason inside: the reason is a message of its own', async () => {
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: new TextEncoder().encode('not a zip at all') });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('restore.refused');
    expect(res.body.params).toEqual({ why: { code: 'restore.notZip' } });
    expect(res.body.error).toBe('Restore refused, nothing was changed: the file is not a Lectio backup (not a zip archive).');
  });

  it('an import’s notes: English for API clients, the same by code', async () => {
    const dump =
      '-- lwt-backup-- \nCREATE TABLE `languages` (`LgID` int, `LgName` varchar(40), PRIMARY KEY (`LgID`));\n' +
      "INSERT INTO languages VALUES (1, 'Deutsch');\nCREATE TABLE `custom_stuff` (`x` int);\nINSERT INTO custom_stuff VALUES (1);\n";
    const res = await s.client.upload('/api/v1/import/lwt', { name: 'lwt.sql.gz', data: zlib.gzipSync(dump) }, { preview: '1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.notes).toEqual(['Not imported (no Lectio counterpart): custom_stuff.']);
    expect(res.body.note_messages).toEqual([{ code: 'migrate.noteSkippedTables', params: { tables: 'custom_stuff' } }]);
  });

  it('a refused LWT backup keeps its reason inside', async () => {
    const res = await s.client.upload('/api/v1/import/lwt', { name: 'lwt.sql.gz', data: zlib.gzipSync('-- lwt-backup\n') }, { preview: '1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'The LWT backup could not be read: The LWT backup holds no languages, terms or texts: nothing to import. Nothing was imported.',
      code: 'migrate.lwtUnreadable',
      params: { why: { code: 'migrate.lwtEmpty' } },
    });
  });
});
