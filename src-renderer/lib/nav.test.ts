import { describe, expect, it } from 'vitest';
import { activeNavItem } from './nav';

const active = (path: string) => activeNavItem(path)?.to;

describe('the highlighted navigation entry', () => {
  it('is the one with the longest matching prefix, so a page under another folder lights up its own entry', () => {
    // The Anki re-import lives under /vocabulary but belongs to Anki; before, it lit Vocabulary (and not Anki).
    expect(active('/vocabulary/apkg/import')).toBe('/anki');
    expect(active('/anki/import-deck')).toBe('/anki');
    expect(active('/vocabulary')).toBe('/vocabulary');
    expect(active('/vocabulary/import')).toBe('/vocabulary');
    expect(active('/tags/text')).toBe('/texts');
    expect(active('/tags')).toBe('/vocabulary');
  });

  it('highlights Home on / only, and nothing on an unknown page', () => {
    expect(active('/')).toBe('/');
    expect(active('/texts')).toBe('/texts');
    expect(active('/no/such/page')).toBeUndefined();
  });
});
