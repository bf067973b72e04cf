// Runs in: renderer. Terms are also saved outside the reader: a word mined in Yomitan, asbplayer or mpvacious
// (AnkiConnect), the browser extension, another window. Coming back to the reader (the window gains focus again, or
// its tab is shown) reads the text's terms again, so its colours are current without a reload. Not while the word
// panel is open: the learner is editing, and a save there recolours on its own.

import { useEffect, useRef } from 'react';

/** A return within this of leaving is a flicker of focus (a menu, a dialog), not a visit elsewhere. */
const AWAY_MS = 500;

export function useReadAgainOnReturn(readAgain: () => void, editing: boolean): void {
  const state = useRef({ readAgain, editing, leftAt: 0 });
  state.current.readAgain = readAgain;
  state.current.editing = editing;
  useEffect(() => {
    const leave = () => {
      if (!state.current.leftAt) state.current.leftAt = Date.now();
    };
    const back = () => {
      const { leftAt } = state.current;
      state.current.leftAt = 0;
      if (leftAt && Date.now() - leftAt >= AWAY_MS && !state.current.editing) state.current.readAgain();
    };
    const visibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, []);
}
