// Runs in: main. The notes of canAddNotes/addNotes read from a call's params a slice a turn: zod reading 10,000
// notes at once held the server 0.3-1 s (issue 43), longer than checking them. The list is capped before any note
// is read.
import { z } from 'zod';
import { noteParams, type NoteParams } from '../../../src-shared/anki/connect/params';
import { ANKICONNECT_MAX_NOTES } from '../../../src-shared/contract/ankiconnect';
import { msg } from '../../../src-shared/contract/messages';
import { yieldToEventLoop } from '../../core/slices';
import { AnkiConnectError } from './errors';

/** Notes read in one turn (~5 ms of zod each slice). */
export const NOTES_PARSE_SLICE = 200;

const noteList = z.object({ notes: z.array(z.unknown()) });

export async function parseNotes(action: 'canAddNotes' | 'addNotes', raw: Record<string, unknown>): Promise<NoteParams[]> {
  const list = noteList.safeParse(raw);
  if (!list.success) throw new AnkiConnectError(msg('ankiconnect.badParams', { action, why: 'notes: expected an array of notes' }));
  const { notes } = list.data;
  if (notes.length > ANKICONNECT_MAX_NOTES) throw new AnkiConnectError(msg('ankiconnect.tooManyNotes', { count: notes.length, max: ANKICONNECT_MAX_NOTES }));
  const out: NoteParams[] = [];
  for (let start = 0; start < notes.length; start += NOTES_PARSE_SLICE) {
    if (start > 0) await yieldToEventLoop();
    for (let i = start; i < Math.min(notes.length, start + NOTES_PARSE_SLICE); i++) {
      const parsed = noteParams.safeParse(notes[i]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const why = `${['notes', i, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid note'}`;
        throw new AnkiConnectError(msg('ankiconnect.badParams', { action, why }));
      }
      out.push(parsed.data);
    }
  }
  return out;
}
