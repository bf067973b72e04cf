// Runs in: renderer. Keyboard shortcuts for a screen, ignored while typing in a field.
import { useEffect, useRef } from 'react';

export type HotkeyMap = Record<string, (e: KeyboardEvent) => void>;

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** Keys are KeyboardEvent.key values ("1", "ArrowUp", "Escape", "i") with optional "Mod+" (Ctrl or Cmd). */
export function useHotkeys(map: HotkeyMap, opts: { enabled?: boolean; allowInInputs?: string[] } = {}) {
  const ref = useRef(map);
  ref.current = map;
  useEffect(() => {
    if (opts.enabled === false) return;
    const onKey = (e: KeyboardEvent) => {
      const key = (e.ctrlKey || e.metaKey ? 'Mod+' : '') + (e.key.length === 1 ? e.key.toLowerCase() : e.key);
      const fn = ref.current[key] ?? ref.current[e.key];
      if (!fn) return;
      if (isTyping(e.target) && !(opts.allowInInputs ?? ['Escape']).includes(e.key)) return;
      e.preventDefault();
      fn(e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opts.enabled, opts.allowInInputs]);
}
