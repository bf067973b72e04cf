// The word panel's place (src-extension/content/placement.ts, issue 44): inside the window, never over the word, from
// its measured size; beside the word or scrolling inside when the window is small.
import { describe, expect, it } from 'vitest';
import { PANEL_MARGIN, placePanel, type Rect } from '../../src-extension/content/placement';

const word = (left: number, top: number, width = 60, height = 20): Rect => ({ left, top, right: left + width, bottom: top + height });
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function check(w: Rect, size: { width: number; height: number }, view: { width: number; height: number }) {
  const at = placePanel(w, size, view);
  const height = Math.min(size.height, at.maxHeight ?? Infinity);
  const box = { left: at.left, top: at.top, right: at.left + size.width, bottom: at.top + height };
  expect(box.left).toBeGreaterThanOrEqual(PANEL_MARGIN - 0.001);
  expect(box.top).toBeGreaterThanOrEqual(PANEL_MARGIN - 0.001);
  expect(box.right).toBeLessThanOrEqual(view.width - PANEL_MARGIN + 0.001);
  expect(box.bottom).toBeLessThanOrEqual(view.height - PANEL_MARGIN + 0.001);
  expect(overlaps(box, w)).toBe(false);
  return at;
}

describe('placing the word panel', () => {
  const big = { width: 1280, height: 800 };
  const phone = { width: 360, height: 740 };
  const panel = { width: 300, height: 372 };

  it('goes below the word when it fits, above when it does not (its real height, not a guess)', () => {
    expect(check(word(100, 40), panel, big).side).toBe('below');
    // The middle of the window: 372 px do not fit below a word at 420 (they did "fit" as 260).
    expect(check(word(100, 420), panel, big).side).toBe('above');
    expect(check(word(100, 760), panel, big).side).toBe('above');
  });

  it('goes beside the word when neither above nor below has room, and scrolls inside when the window is small', () => {
    const short = { width: 1280, height: 500 };
    const at = check(word(500, 240), panel, short);
    expect(at.side).toBe('right');
    expect(at.maxHeight).toBeUndefined();
    // Against the right edge: on its left.
    expect(check(word(1150, 240), panel, short).side).toBe('left');
    // Too tall for the whole window: beside, capped to it.
    expect(check(word(500, 100), { width: 300, height: 900 }, short).maxHeight).toBe(500 - 2 * PANEL_MARGIN);
  });

  it('fits a 360-px-wide window at the top, middle and bottom', () => {
    const width = phone.width - 2 * PANEL_MARGIN;
    expect(check(word(20, 30), { width, height: 372 }, phone).side).toBe('below');
    const middle = check(word(250, 360), { width, height: 372 }, phone);
    expect(middle.maxHeight).toBeDefined();
    expect(middle.maxHeight).toBeGreaterThan(300);
    expect(check(word(290, 700, 60), { width, height: 372 }, phone).side).toBe('above');
  });

  it('keeps the left edge inside the window for a word near the right edge', () => {
    const at = check(word(1250, 40, 25), panel, big);
    expect(at.left).toBe(big.width - PANEL_MARGIN - panel.width);
  });
});
