// What the AnkiConnect server's tests (tests/api/ankiconnect*.test.ts) and bench share: a raw POST to /ankiconnect as
// the mining tools send it (their Origin and Content-Type, no cookie), and tiny real media files the store accepts.
import { silentWav } from './audio';

export interface AcAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** POST a body to an AnkiConnect address. `origin` as a browser or extension would set it; `contentType` as the tool does. */
export async function acPost(url: string, body: unknown, opts: { origin?: string; contentType?: string; raw?: string } = {}): Promise<AcAnswer> {
  const headers: Record<string, string> = { 'Content-Type': opts.contentType ?? 'application/json' };
  if (opts.origin) headers.Origin = opts.origin;
  const res = await fetch(url, { method: 'POST', headers, body: opts.raw ?? JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A valid 1×1 PNG (what asbplayer sends as a screenshot, much smaller). */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A valid short WAV (silence), base64: a sentence clip's stand-in. */
export const wavBase64 = (samples = 800): string => silentWav(samples / 8000, 8000).toString('base64');

/**
 * The fields of the "Lectio term" note type, in order, written out here (not read from src-shared) so a change to
 * the note type fails the tests that pin it: what Lectio creates in Anki, and (without LectioID) what it answers
 * the mining tools as an AnkiConnect server.
 */
export const LECTIO_NOTE_FIELDS = ['Term', 'Reading', 'Translation', 'Sentence', 'Notes', 'Lemma', 'Picture', 'Audio', 'Tags', 'LectioID'];

/** The term id a note id the server answered stands for (its WoNoteID), read from the server's own database. */
export function termIdOfNote(sqlite: { prepare(sql: string): { get(...args: unknown[]): unknown } }, noteId: number): number {
  const row = sqlite.prepare('SELECT WoID FROM words WHERE WoNoteID = ?').get(noteId) as { WoID: number } | undefined;
  if (!row) throw new Error(`no term has note id ${noteId}`);
  return row.WoID;
}
