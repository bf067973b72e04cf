// A book's cover is one of its pictures (issue 45): a media file of the book's owner, served by the book's cover
// URL with its type, kept by the orphan sweep while the book shows it, deleted with the book. Covers stored before
// (files under covers/, BkCoverPath) are served as they were until the job books.moveCovers — queued by migration
// 0028, one per owner — moves them into the media store; a missing cover file, or one that is no picture, is let
// go. Over real HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';
import { ORPHAN_AFTER_MS, sweepOrphanMedia } from '../../src-main/modules/media';

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
let english: number;
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const COVER = makePng(6, 9, [20, 120, 220]);
const row = (id: number) =>
  s.core.sqlite.prepare('SELECT BkCoverPath, BkCoverMfID FROM books WHERE BkID = ?').get(id) as { BkCoverPath: string; BkCoverMfID: string | null };
const mediaRow = (id: string) =>
  s.core.sqlite.prepare('SELECT MfID, MfExt, MfType, MfUsID FROM media_files WHERE MfID = ?').get(id) as
    { MfID: string; MfExt: string; MfType: string; MfUsID: number | null } | undefined;
const mediaFileOf = (m: { MfID: string; MfExt: string }) => path.join(s.core.services.dataDir, 'media', `${m.MfID}.${m.MfExt}`);
const coversDir = () => path.join(s.core.services.dataDir, 'covers');

async function bookWithCover(title: string): Promise<{ BkID: number; cover_url: string | null }> {
  const data = await makeEpub({
    title,
    docs: [{ path: 'a.xhtml', body: '<p>The dog runs. The cat sleeps.</p>' }],
    cover: { path: 'cover.png', data: COVER, mediaType: 'image/png' },
  });
  const res = await s.client.upload('/api/v1/books', { name: `${title}.epub`, data }, { language_id: String(english) });
  expect(res.status).toBe(200);
  return res.body;
}

describe("a book's cover", () => {
  it('is a media file of its owner, served by the cover URL with its type, and nothing is written under covers/', async () => {
    const book = await bookWithCover('Blue');
    const { BkCoverMfID, BkCoverPath } = row(book.BkID);
    expect(BkCoverPath).toBe('');
    const media = mediaRow(BkCoverMfID!);
    expect(media).toMatchObject({ MfType: 'image/png', MfExt: 'png', MfUsID: null });
    expect(fs.existsSync(mediaFileOf(media!))).toBe(true);
    expect(fs.existsSync(coversDir()) ? fs.readdirSync(coversDir()) : []).toEqual([]);
    expect(book.cover_url).toBe(`/api/v1/books/${book.BkID}/cover`);
    const cover = await s.client.get(book.cover_url!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await (await fetch(`${s.baseUrl}${book.cover_url}`)).arrayBuffer())).toEqual(COVER);
  });

  it('is kept by the orphan sweep while the book shows it, and goes with the book', async () => {
    const book = await bookWithCover('Kept');
    const id = row(book.BkID).BkCoverMfID!;
    s.core.clock.advance(ORPHAN_AFTER_MS * 2);
    await sweepOrphanMedia(s.core.context());
    expect(mediaRow(id)).toBeDefined();
    const media = mediaRow(id)!;
    expect((await s.client.delete(`/api/v1/books/${book.BkID}`)).status).toBe(200);
    expect(mediaRow(id)).toBeUndefined();
    expect(fs.existsSync(mediaFileOf(media))).toBe(false);
  });
});

describe('a cover stored before covers were media files', () => {
  /** Turns a fresh book's cover back into the old kind: a file under covers/ named by BkCoverPath, no media row. */
  async function legacyBook(title: string, contents: Uint8Array | null = COVER): Promise<number> {
    const book = await bookWithCover(title);
    const media = mediaRow(row(book.BkID).BkCoverMfID!)!;
    const name = `${title.toLowerCase()}-0123abcd.png`;
    fs.mkdirSync(coversDir(), { recursive: true });
    if (contents) fs.writeFileSync(path.join(coversDir(), name), contents);
    s.core.sqlite.prepare('UPDATE books SET BkCoverPath = ?, BkCoverMfID = NULL WHERE BkID = ?').run(name, book.BkID);
    s.core.sqlite.prepare('DELETE FROM media_files WHERE MfID = ?').run(media.MfID);
    fs.rmSync(mediaFileOf(media));
    return book.BkID;
  }

  /** What migration 0028 writes for an owner with covers on disk, then the runner's turn. */
  async function queueMoveAsTheMigrationDoes() {
    s.core.sqlite
      .prepare(
        "INSERT INTO jobs (JbKind, JbPayload, JbUsID, JbState, JbAttempts, JbRunAfter, JbError, JbCreated) SELECT 'books.moveCovers', '{}', BkUsID, 'pending', 0, 0, '', 0 FROM books WHERE BkCoverPath != '' GROUP BY BkUsID",
      )
      .run();
    s.core.services.jobs!.wake();
    await new Promise((r) => setTimeout(r, 0));
    await s.core.services.jobs!.idle('books.moveCovers');
  }

  it('is served from covers/ until moved, then from the media store with the same bytes; the old file goes', async () => {
    const a = await legacyBook('Old');
    const b = await legacyBook('Older');
    const lost = await legacyBook('Lost', null);
    const hostile = await legacyBook('Hostile', new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    const before = await fetch(`${s.baseUrl}/api/v1/books/${a}/cover`);
    expect(before.status).toBe(200);
    expect(new Uint8Array(await before.arrayBuffer())).toEqual(COVER);

    await queueMoveAsTheMigrationDoes();
    for (const id of [a, b]) {
      const { BkCoverPath, BkCoverMfID } = row(id);
      expect(BkCoverPath).toBe('');
      expect(mediaRow(BkCoverMfID!)).toMatchObject({ MfType: 'image/png' });
      const after = await fetch(`${s.baseUrl}/api/v1/books/${id}/cover`);
      expect(after.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await after.arrayBuffer())).toEqual(COVER);
    }
    expect(fs.readdirSync(coversDir())).toEqual([]);
    // The file was missing: the cover is let go, the book shows none (as it already did), nothing is left to move.
    expect(row(lost)).toEqual({ BkCoverPath: '', BkCoverMfID: null });
    // A file that is no picture (HTML named .png) is never stored as one: let go, its file removed.
    expect(row(hostile)).toEqual({ BkCoverPath: '', BkCoverMfID: null });
    expect((await s.client.get(`/api/v1/books/${hostile}/cover`)).status).toBe(404);
    expect((await s.client.get(`/api/v1/books/${lost}`)).body.cover_url).toBeNull();
    expect(s.core.sqlite.prepare("SELECT count(*) AS n FROM jobs WHERE JbKind = 'books.moveCovers'").get()).toEqual({ n: 0 });
  });
});
