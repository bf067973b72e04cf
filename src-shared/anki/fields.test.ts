import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cleanDeckField, fieldHtmlToText, joinFields, sortFieldText, splitFields, textToFieldHtml } from './fields';

// Anki's note checksum (first 32 bits of SHA-1), computed the way the export does (src-main/modules/apkg/checksum.ts).
const sha1First32 = (text: string) => parseInt(createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 8), 16);

describe('anki fields', () => {
  it('round-trips plain text through an HTML field', () => {
    for (const text of ['plain', 'a < b & c > "d"', 'line one\nline two', 'tab\tand  double  spaces', 'Ünïcödé 日本語', '&amp; literal']) {
      expect(fieldHtmlToText(textToFieldHtml(text))).toBe(text);
    }
    expect(textToFieldHtml('a\r\nb')).toBe('a<br>b');
  });

  it('escapes each special character alone and leaves text without one as it is', () => {
    expect(textToFieldHtml('plain text, no specials')).toBe('plain text, no specials');
    expect(textToFieldHtml('&')).toBe('&amp;');
    expect(textToFieldHtml('<')).toBe('&lt;');
    expect(textToFieldHtml('>')).toBe('&gt;');
    expect(textToFieldHtml('"')).toBe('&quot;');
    expect(textToFieldHtml('\r')).toBe('<br>');
    expect(textToFieldHtml("it's")).toBe("it's");
    expect(sortFieldText('plain term ')).toBe('plain term ');
    expect(sortFieldText('a &amp; b')).toBe('a & b');
    expect(sortFieldText('x<b>y</b>')).toBe('xy');
  });

  it('reads fields Anki edited: divs, br, nbsp, entities', () => {
    expect(fieldHtmlToText('<div>first</div><div>second&nbsp;line</div>')).toBe('first\nsecond line');
    expect(fieldHtmlToText('<b>bold</b> &amp; <i>it</i>')).toBe('bold & it');
    expect(fieldHtmlToText('<style>.x{}</style>kept')).toBe('kept');
  });

  it('cleans deck fields: HTML, entities, cloze, sound', () => {
    expect(cleanDeckField('<div><pre>apple</pre></div>')).toBe('apple');
    expect(cleanDeckField('{{c1::Hund::animal}} und {{c2::Katze}}')).toBe('Hund und Katze');
    expect(cleanDeckField('perro [sound:perro.mp3]')).toBe('perro');
    // Any HTML5 name is known (a deck written by another tool may use &eacute;).
    expect(cleanDeckField('caf&eacute;&nbsp;<br>noir')).toBe('café noir');
    expect(cleanDeckField('  many \n spaces ')).toBe('many spaces');
  });

  const fieldChecksum = (html: string) => sha1First32(sortFieldText(html));
  it('computes sfld and csum the way Anki stored them in the fixtures', () => {
    // mujing Alphabet Word (schema 18) and taaltuig spanish-small (schema 11)
    expect(sortFieldText('<div><pre>apple</pre></div>')).toBe('apple');
    expect(fieldChecksum('<div><pre>apple</pre></div>')).toBe(3502124484);
    expect(sortFieldText('Elderberry&nbsp;')).toBe('Elderberry ');
    expect(fieldChecksum('Elderberry&nbsp;')).toBe(1990447721);
    expect(fieldChecksum('do you want me to ask him')).toBe(229579708);
    expect(sortFieldText('<img src="cat.jpg">')).toBe(' cat.jpg ');
  });

  it('splits and joins on the unit separator without letting values shift fields', () => {
    expect(splitFields(joinFields(['a', 'b\x1fc', '']))).toEqual(['a', 'b c', '']);
    expect(joinFields(['one', '', 'three'])).toBe('one\x1f\x1fthree');
    expect(joinFields([])).toBe('');
  });
});
