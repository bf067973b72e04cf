// The notes of a big canAddNotes/addNotes are read a slice a turn (issue 43: zod reading 10,000 notes at once held the
// server 0.3-1 s), the list capped before any note is read, and a bad note named by its place.
import { describe, expect, it, vi } from 'vitest';
import { parseNotes } from './note-params';

const turns = vi.hoisted(() => ({ given: 0 }));
vi.mock('../../core/slices', async (original) => {
  const real = await original<typeof import('../../core/slices')>();
  return {
    ...real,
    yieldToEventLoop: () => {
      turns.given++;
      return real.yieldToEventLoop();
    },
  };
});

const note = (term: unknown) => ({ deckName: 'German', modelName: 'Lectio term', fields: { Term: term } });

describe('parseNotes', () => {
  it('reads 2,000 notes giving the loop turns between slices', async () => {
    turns.given = 0;
    const notes = await parseNotes('addNotes', { notes: Array.from({ length: 2000 }, (_, i) => note(`w${i}`)) });
    expect(notes).toHaveLength(2000);
    expect(notes[1999].fields.Term).toBe('w1999');
    expect(notes[0].tags).toEqual([]);
    expect(turns.given).toBeGreaterThanOrEqual(4);
  });

  it('refuses more than 10,000 notes before reading one, and names a bad note by its place', async () => {
    turns.given = 0;
    await expect(parseNotes('canAddNotes', { notes: Array.from({ length: 10_001 }, () => 'not a note') })).rejects.toThrow(
      /10001 notes in one call; at most 10000/,
    );
    expect(turns.given).toBe(0);
    const notes = [...Array.from({ length: 999 }, (_, i) => note(`w${i}`)), note(42)];
    await expect(parseNotes('addNotes', { notes })).rejects.toThrow(/Invalid params for addNotes: notes\.999\.fields\.Term: /);
    await expect(parseNotes('addNotes', { notes: 'x' })).rejects.toThrow(/Invalid params for addNotes: notes: expected an array/);
  });
});
