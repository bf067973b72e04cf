// The end of a text, without a DOM (issue 45: moved from tests/e2e/reader-ui.spec.ts, which keeps one walk through
// the real page): reaching the end after scrolling marks a text read only at a reading pace, otherwise it asks and
// counts nothing; once per opening, an undo stays undone; a text read before says so; the buttons' requests.
import { describe, expect, it } from 'vitest';
import { READ_WORDS_PER_MINUTE } from '../../../src-shared/activity/reading-pace';
import { initialTextEnd, needsMarking, nextLabelKey, onEndReached, reduceTextEnd, type TextEndAction, type TextEndState } from './textEndModel';

const WORDS = 1800;
/** Seconds a reader needs for WORDS at the fastest pace that still counts as reading. */
const READING = (WORDS / READ_WORDS_PER_MINUTE) * 60;
const reach = (seconds: number, scrolled = true): Extract<TextEndAction, { type: 'endReached' }> => ({ type: 'endReached', scrolled, words: WORDS, seconds });

/** Applies an end-reached action the way TextEnd.tsx does: asks the model first, marks when it says so. */
function reachEnd(s: TextEndState, a: Extract<TextEndAction, { type: 'endReached' }>): { state: TextEndState; marks: boolean } {
  const what = onEndReached(s, a);
  let state = reduceTextEnd(s, a);
  if (what === 'mark') state = reduceTextEnd(state, { type: 'marked', how: 'auto' });
  return { state, marks: what === 'mark' };
}

describe('the end of a text', () => {
  it('reached at a reading pace after scrolling: marked read by itself, with an undo', () => {
    const { state, marks } = reachEnd(initialTextEnd(null), reach(240));
    expect(marks).toBe(true);
    expect(state.read).toBe('auto');
    expect(needsMarking(state)).toBe(false);
    expect(reduceTextEnd(state, { type: 'undone' }).read).toBe('unread');
  });

  it('jumped to (faster than reading allows): asks "Mark as read?" and counts nothing until the learner marks it', () => {
    const { state, marks } = reachEnd(initialTextEnd(null), reach(20));
    expect(marks).toBe(false);
    expect(state.read).toBe('quick');
    // Still to be marked on the server: the button says "Mark as read" and sends texts.finished.
    expect(needsMarking(state)).toBe(true);
    expect(nextLabelKey(state, false)).toBe('reader.markAsReadNext');
    const marked = reduceTextEnd(state, { type: 'marked', how: 'read' });
    expect(marked.read).toBe('read');
    expect(needsMarking(marked)).toBe(false);
    // The pace's edge: exactly the time reading takes counts.
    expect(reachEnd(initialTextEnd(null), reach(READING)).marks).toBe(true);
    expect(reachEnd(initialTextEnd(null), reach(READING - 1)).marks).toBe(false);
  });

  it('counts once per opening: an undo stays undone when the end comes into view again', () => {
    let { state } = reachEnd(initialTextEnd(null), reach(240));
    state = reduceTextEnd(state, { type: 'undone' });
    const again = reachEnd(state, reach(600));
    expect(again.marks).toBe(false);
    expect(again.state.read).toBe('unread');
  });

  it('needs scrolling: the end of a text that fits the window marks nothing until the learner scrolls to it', () => {
    const still = reachEnd(initialTextEnd(null), reach(600, false));
    expect([still.marks, still.state.read, still.state.endSeen]).toEqual([false, 'unread', false]);
    expect(reachEnd(still.state, reach(600)).marks).toBe(true);
  });

  it('a text read before says so and is not marked again; its buttons only go on', () => {
    const s = initialTextEnd(1_764_583_200_000);
    expect(s.read).toBe('read');
    const { state, marks } = reachEnd(s, reach(5));
    expect(marks).toBe(false);
    expect(state.read).toBe('read');
    expect(needsMarking(state)).toBe(false);
    expect(nextLabelKey(state, false)).toBe('reader.nextText');
    expect(nextLabelKey(state, true)).toBe('panel.nextChapter');
    expect(nextLabelKey(initialTextEnd(null), true)).toBe('panel.markAsReadNextChapter');
  });
});
