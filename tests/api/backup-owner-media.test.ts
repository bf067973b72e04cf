// An owner-scoped backup (multi-user) carries the owner's library files — media files (a book's pictures, a
// text's audio) and book covers — and no one else's; a restore puts them back where the rows expect them. A full
// backup (single user) carries a book's pictures too, and its restore brings back a deleted book with them.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src-main/db/scope';
import { addUser, type TestCore } from '../helpers/core';
import { coresPerTest } from '../helpers/with-server';
import { downloadBackup } from '../helpers/backup';
import { makeEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';

const cores = coresPerTest();

/** A picture book of `user` (two pictures and a cover), imported as the app does (parsed in the worker). */
async function pictureBook(core: TestCore, user: CurrentUser | undefined, title: string): Promise<{ BkID: number; pictures: { url: string }[] }> {
  const lang = (await core.dispatch('languages.create', { LgName: `${title} English`, LgIsoCode: 'en' }, user, 'http')) as { LgID: number };
  const data = await makeEpub({
    title,
    docs: [{ path: 'a.xhtml', body: '<img src="p1.png"/><p>Look! The dog.</p><img src="p2.png"/><p>The dog runs.</p>' }],
    cover: { path: 'cover.png', data: makePng(6, 8, [10, 20, 30]), mediaType: 'image/png' },
    extra: { 'OEBPS/p1.png': makePng(8, 6, [200, 10, 10]), 'OEBPS/p2.png': makePng(8, 6, [10, 200, 10]) },
  });
  return (await core.dispatch('books.create', { language_id: lang.LgID, file: { filename: `${title}.epub`, data } }, user, 'http')) as {
    BkID: number;
    pictures: { url: string }[];
  };
}

describe('owner-scoped backup: the owner media files', () => {
  it("carries the owner's pictures and cover, not another account's, and the restore brings them back", async () => {
    const core = cores.make({ env: { MULTI_USER_ENABLED: 'true', BACKUP_RESTORE_ENABLED: 'true' } });
    const admin = addUser(core, 'admin', 'admin');
    const bob = addUser(core, 'bob', 'user');
    const mine = await pictureBook(core, admin, 'Mine');
    const his = await pictureBook(core, bob, 'His');
    const idsOf = (b: { pictures: { url: string }[] }) => b.pictures.map((p) => p.url.split('/').pop()!);
    const fileOf = (id: string) => path.join(core.dataDir, 'media', `${id}.png`);
    // The cover is one of the book's pictures in the media store (issue 45).
    const coverOf = (book: number) => core.sqlite.prepare('SELECT BkCoverMfID FROM books WHERE BkID = ?').pluck().get(book) as string;

    const backup = await downloadBackup(core, admin);
    const zip = await JSZip.loadAsync(backup.data);
    const files = Object.keys(zip.files).filter((n) => n.startsWith('files/'));
    expect(files.sort()).toEqual([...idsOf(mine).map((id) => `files/media/${id}.png`), `files/media/${coverOf(mine.BkID)}.png`].sort());
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest.scope).toBe('owner');
    for (const name of files) expect(manifest.members[name]).toMatchObject({ size: expect.any(Number) });
    expect(files.some((n) => idsOf(his).some((id) => n.includes(id)))).toBe(false);

    // The admin's pictures are lost on disk; the restore (bob inactive: one account left) puts them back.
    const before = idsOf(mine).map((id) => fs.readFileSync(fileOf(id)));
    for (const id of idsOf(mine)) fs.rmSync(fileOf(id));
    fs.rmSync(fileOf(coverOf(mine.BkID)));
    core.sqlite.prepare('UPDATE users SET UsActive = 0 WHERE UsID = ?').run(bob.id);
    await core.dispatch('backup.restore', { file: { filename: 'b.zip', data: backup.data } }, admin, 'http');
    expect(idsOf(mine).map((id) => fs.readFileSync(fileOf(id)))).toEqual(before);
    const restored = (await core.dispatch('books.get', { id: mine.BkID }, admin, 'http')) as { pictures: { url: string }[]; cover_url: string | null };
    expect(idsOf(restored)).toEqual(idsOf(mine));
    expect(fs.existsSync(fileOf(coverOf(mine.BkID)))).toBe(true);
    expect(restored.cover_url).toBe(`/api/v1/books/${mine.BkID}/cover`);
  });
});

describe('full backup: a book with its pictures', () => {
  it('carries the pictures; the restore brings back a deleted book that shows them again', async () => {
    const core = cores.make({ env: { BACKUP_RESTORE_ENABLED: 'true' } });
    const book = await pictureBook(core, undefined, 'Mine');
    const ids = book.pictures.map((p) => p.url.split('/').pop()!);
    const bytes = () => ids.map((id) => fs.readFileSync(path.join(core.dataDir, 'media', `${id}.png`)));
    const before = bytes();

    const backup = await downloadBackup(core);
    const zip = await JSZip.loadAsync(backup.data);
    for (const id of ids) expect(zip.file(`files/media/${id}.png`), id).not.toBeNull();

    // Deleting the book deletes its pictures' rows and files; the restore puts both back.
    await core.dispatch('books.delete', { id: book.BkID }, undefined, 'http');
    for (const id of ids) expect(fs.existsSync(path.join(core.dataDir, 'media', `${id}.png`))).toBe(false);
    await core.dispatch('backup.restore', { file: { filename: 'b.zip', data: backup.data } }, undefined, 'http');
    const restored = (await core.dispatch('books.get', { id: book.BkID }, undefined, 'http')) as { pictures: { url: string }[] };
    expect(restored.pictures.map((p) => p.url)).toEqual(book.pictures.map((p) => p.url));
    expect(bytes()).toEqual(before);
    for (const id of ids) expect(await core.dispatch('media.get', { media_id: id }, undefined, 'http')).toMatchObject({ contentType: 'image/png' });
  });
});
