// Senses of a dictionary definition: one clickable line each in the reader's word panel.
import { describe, expect, it } from 'vitest';
import { definitionSenses } from './senses';

describe('definitionSenses', () => {
  it('plain lines and numbered senses, one per line or cut on one line', () => {
    expect(definitionSenses('cat\nfeline')).toEqual(['cat', 'feline']);
    expect(definitionSenses('1. cat 2. feline 3) tomcat')).toEqual(['cat', 'feline', 'tomcat']);
    expect(definitionSenses('1. to go\n2. to leave')).toEqual(['to go', 'to leave']);
  });

  it('parts of speech and cross references are left out; leading tags are removed', () => {
    expect(definitionSenses('noun\n(n) cat\nadj. feline\nSee also: gata')).toEqual(['cat', 'feline']);
    expect(definitionSenses('verb to go')).toEqual(['verb to go']);
  });

  it('pyglossary / StarDict HTML: list items are senses, POS lines (green font) and Related lines dropped', () => {
    const html =
      '<div><ol><li><div><font color="green">noun (common) (futsuumeishi)</font></div><div>circle (sometimes used for zero)</div><div>Related: <a href="bword://x">丸</a></div></li><li><div>\'correct\' (when marking)</div></li></ol></div>';
    expect(definitionSenses(html)).toEqual(['circle (sometimes used for zero)', "'correct' (when marking)"]);
    expect(definitionSenses('<div><div><font color="green">noun (common) (futsuumeishi)</font></div><div>ditto mark</div></div>')).toEqual(['ditto mark']);
  });

  it('StarDict text with <br>: each line a sense, duplicates once; an entry of only labels has no senses', () => {
    expect(definitionSenses('house<br>home<br>house')).toEqual(['house', 'home']);
    expect(definitionSenses('noun')).toEqual([]);
    expect(definitionSenses('')).toEqual([]);
  });
});
