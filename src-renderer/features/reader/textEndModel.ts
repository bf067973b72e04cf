// Runs in: renderer (pure, no DOM). The end of a text as a model (TextEnd.tsx is its view): whether the text is read,
// what reaching the end after scrolling does — marks it read, unless the learner got there faster than reading
// allows (src-shared/activity/reading-pace.ts: then it asks "Mark as read?" and counts nothing) — once per opening,
// and which requests a choice sends. Tested in textEndModel.test.ts.
import { plausiblyRead } from '../../../src-shared/activity/reading-pace';

/** 'auto': marked read by reaching the end; 'quick': the end came faster than the text can be read, nothing counted. */
export type ReadState = 'unread' | 'read' | 'auto' | 'quick';

export interface TextEndState {
  read: ReadState;
  /** The end was reached after scrolling once in this opening: it never marks again (an undo stays undone). */
  endSeen: boolean;
}

export type TextEndAction =
  /** The end came into view; `scrolled` is false when the text fits the window (nothing was read towards it). */
  | { type: 'endReached'; scrolled: boolean; words: number; seconds: number }
  /** The text was marked read (`how`: by the learner, or by reaching the end). */
  | { type: 'marked'; how: 'read' | 'auto' }
  | { type: 'undone' };

export const initialTextEnd = (finishedAt: number | null): TextEndState => ({ read: finishedAt ? 'read' : 'unread', endSeen: false });

/** Whether the text still needs marking read on the server (unread, or reached too quickly to count). */
export const needsMarking = (s: TextEndState): boolean => s.read === 'unread' || s.read === 'quick';

/**
 * What reaching the end does now: 'mark' (the caller marks it read, then dispatches `marked` with 'auto'), 'ask'
 * (the state says "Mark as read?"), or nothing.
 */
export function onEndReached(s: TextEndState, a: Extract<TextEndAction, { type: 'endReached' }>): 'mark' | 'ask' | null {
  if (!a.scrolled || s.endSeen || s.read !== 'unread') return null;
  return plausiblyRead(a.words, a.seconds) ? 'mark' : 'ask';
}

export function reduceTextEnd(s: TextEndState, a: TextEndAction): TextEndState {
  switch (a.type) {
    case 'endReached': {
      const what = onEndReached(s, a);
      if (!a.scrolled || s.endSeen) return s;
      return { endSeen: true, read: what === 'ask' ? 'quick' : s.read };
    }
    case 'marked':
      return { ...s, read: a.how };
    case 'undone':
      return { ...s, read: 'unread' };
  }
}

/** The label key of the primary "next" button: mark and go on while unread, only go on once read. */
export function nextLabelKey(
  s: TextEndState,
  inBook: boolean,
): 'panel.markAsReadNextChapter' | 'panel.nextChapter' | 'reader.markAsReadNext' | 'reader.nextText' {
  if (inBook) return needsMarking(s) ? 'panel.markAsReadNextChapter' : 'panel.nextChapter';
  return needsMarking(s) ? 'reader.markAsReadNext' : 'reader.nextText';
}
