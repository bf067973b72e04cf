// Runs in: any process (vitest). Issue 43: moving in from LWT cut a 6.5 M-character text to 5 M without a word. A
// text over the length limit is moved in as several texts, cut at paragraph breaks as a book is cut into chapters,
// nothing lost, and the report says so.
import { describe, expect, it } from 'vitest';
import { TEXT_MAX_CHARS } from '../contract/texts';
import { messageText } from '../contract/messages';
import { parseLwtBackup } from './lwt';
import { splitLongText } from './plan';

const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20).trim();

describe('a long text moved in from LWT', () => {
  it('is split into texts under the limit, in order, with nothing lost, and the report says so', () => {
    const paragraphs = Math.ceil(6_500_000 / (paragraph.length + 1));
    const long = Array.from({ length: paragraphs }, () => paragraph).join('\n');
    expect(long.length).toBeGreaterThan(6_500_000);
    const dump =
      '-- lwt-backup-- \n' +
      'CREATE TABLE `languages` (`LgID` int, `LgName` varchar(40));\n' +
      'CREATE TABLE `texts` (`TxID` int, `TxLgID` int, `TxTitle` varchar(200), `TxText` text, `TxAudioURI` varchar(200), `TxSourceURI` varchar(1000));\n' +
      "INSERT INTO languages VALUES (1, 'English');\n" +
      `INSERT INTO texts VALUES (1, 1, 'Big book', '${long}', '', ''), (2, 1, 'Short', 'A short text.', '', '');\n`;
    const plan = parseLwtBackup(dump);
    const titles = plan.texts.map((t) => t.TxTitle);
    expect(titles).toEqual(['Big book (1/2)', 'Big book (2/2)', 'Short']);
    for (const t of plan.texts) expect(t.TxText.length).toBeLessThanOrEqual(TEXT_MAX_CHARS);
    expect(plan.texts[0].TxText.endsWith(paragraph)).toBe(true);
    expect(plan.texts[0].TxText.length + plan.texts[1].TxText.length + 1).toBe(long.length);
    expect(plan.notes.map((n) => messageText(n))).toContain(
      `1 texts were longer than ${TEXT_MAX_CHARS} characters; each is moved in as several texts, “Title (1/2)”, “Title (2/2)”…`,
    );
  });

  it('splits at a paragraph, else a sentence or a space, else exactly at the limit', () => {
    expect(splitLongText('aaaa\nbbbb\ncc', 10)).toEqual(['aaaa\nbbbb', 'cc']);
    expect(splitLongText('Aaa. Bbb ccc', 10)).toEqual(['Aaa. Bbb', 'ccc']);
    expect(splitLongText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(splitLongText('short', 10)).toEqual(['short']);
  });
});
