// Korean lemma source (issue 46): the shipped model is read once and answers; a model that cannot be read leaves
// Korean without automatic lemmas (null), and says why, instead of throwing into every save of a Korean term.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { koreanLemma, koreanSourceInfo, koreanState } from './korean';

describe('Korean lemma source', () => {
  it('reads the shipped model once and stems with it', () => {
    expect(koreanLemma('학교에서')).toBe('학교');
    expect(koreanLemma('hello')).toBeNull();
    expect(koreanState()).toBe(koreanState());
    expect(koreanSourceInfo()).toMatchObject({ state: 'ready', error: null, name: expect.stringContaining('UD Korean GSD dev') });
  });

  it('a missing or broken model is a failed source, not an exception', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-ko-'));
    try {
      const broken = path.join(dir, 'model.json');
      fs.writeFileSync(broken, '{"words": 1');
      for (const file of [path.join(dir, 'absent.json'), broken]) {
        expect(koreanState(file)).toEqual({ error: expect.stringContaining('Could not read the Korean stem model') });
        expect(koreanSourceInfo(file)).toMatchObject({ state: 'failed', forms: null, error: expect.stringContaining(file) });
      }
      const notAModel = path.join(dir, 'other.json');
      fs.writeFileSync(notAModel, '{"words": {}}');
      expect(koreanState(notAModel)).toEqual({ error: expect.stringContaining('not a Korean stem model') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
