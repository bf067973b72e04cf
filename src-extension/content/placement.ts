// Runs in: the extension's content script (pure: no DOM). Where the word panel goes: from the panel's measured size,
// the clicked word's box and the window's size, a place inside the window that never covers the word (issue 44: the
// panel was placed as if 260 px tall while it renders 350–380, so it ran off the bottom or flipped onto the word).

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  left: number;
  top: number;
  /** Set when the panel is taller than the room it has: it scrolls inside. */
  maxHeight?: number;
  side: 'below' | 'above' | 'right' | 'left';
}

/** Pixels between the word and the panel, and between the panel and the window's edges. */
export const PANEL_GAP = 6;
export const PANEL_MARGIN = 4;

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(v, max));

/**
 * Below the word when the panel fits there, else above, else beside it (right, then left) when the window is wide
 * enough, else on the side with more room, its height capped to that room (it scrolls inside). Left and right edges
 * are kept inside the window in every case; `width` must already fit the window (the caller caps it).
 */
export function placePanel(word: Rect, size: { width: number; height: number }, view: { width: number; height: number }): Placement {
  const { width, height } = size;
  const below = view.height - PANEL_MARGIN - (word.bottom + PANEL_GAP);
  const above = word.top - PANEL_GAP - PANEL_MARGIN;
  const alignedLeft = clamp(word.left, PANEL_MARGIN, view.width - PANEL_MARGIN - width);
  if (height <= below) return { side: 'below', left: alignedLeft, top: word.bottom + PANEL_GAP };
  if (height <= above) return { side: 'above', left: alignedLeft, top: word.top - PANEL_GAP - height };
  const full = view.height - 2 * PANEL_MARGIN;
  const besideTop = (h: number) => clamp(word.top - 24, PANEL_MARGIN, view.height - PANEL_MARGIN - h);
  const shown = Math.min(height, full);
  const maxHeight = height > full ? full : undefined;
  if (view.width - PANEL_MARGIN - (word.right + PANEL_GAP) >= width) return { side: 'right', left: word.right + PANEL_GAP, top: besideTop(shown), maxHeight };
  if (word.left - PANEL_GAP - PANEL_MARGIN >= width) return { side: 'left', left: word.left - PANEL_GAP - width, top: besideTop(shown), maxHeight };
  // A small window: the larger side, scrolling inside.
  if (below >= above) return { side: 'below', left: alignedLeft, top: word.bottom + PANEL_GAP, maxHeight: Math.max(0, below) };
  const room = Math.max(0, above);
  return { side: 'above', left: alignedLeft, top: word.top - PANEL_GAP - room, maxHeight: room };
}
