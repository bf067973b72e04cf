import { describe, expect, it } from 'vitest';
import { hintText } from './hint';

describe('hintText', () => {
  it('renders the markdown subset as plain text on one line', () => {
    expect(hintText('**dog**, *hound*')).toBe('dog, hound');
    expect(hintText('dog\nhound')).toBe('dog hound');
    expect(hintText('')).toBe('');
  });
  it('a long translation ends with an ellipsis, cut between words', () => {
    const out = hintText('a domesticated carnivorous mammal that typically has a long snout');
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(40);
    expect(out).toBe('a domesticated carnivorous mammal that…');
    expect(hintText('x'.repeat(50))).toBe(`${'x'.repeat(39)}…`);
  });
});
