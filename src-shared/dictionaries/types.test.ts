import { describe, expect, it } from 'vitest';
import { entryProblem, termKey } from './types';

describe('entryProblem', () => {
  it('names why a headword cannot be stored', () => {
    expect(entryProblem('  ', 'x')).toBe('empty_headword');
    expect(entryProblem('a'.repeat(256), 'x')).toBe('headword_too_long');
    expect(entryProblem('a\u0000b', 'x')).toBe('control_characters');
    expect(entryProblem('a', ' ')).toBe('empty_definition');
    expect(entryProblem('a', 'x'.repeat(1_000_001))).toBe('definition_too_long');
    expect(entryProblem('Haus', 'house')).toBeNull();
  });
  it('keys terms by NFC lower case', () => expect(termKey(' Cafe\u0301 ')).toBe('café'));
});
