import { describe, expect, it } from 'vitest';
import { sortBookMatter } from './matter';

const HEADER =
  'The Project Gutenberg eBook of Die Verwandlung\n\nThis ebook is for the use of anyone anywhere in the United States…\n\nTitle: Die Verwandlung\n\n*** START OF THE PROJECT GUTENBERG EBOOK DIE VERWANDLUNG ***\n\n';
const STORY = 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett zu einem ungeheueren Ungeziefer verwandelt.';

describe('sortBookMatter', () => {
  it('cuts Gutenberg’s header off the first chapter and leaves out the licence after the END marker', () => {
    const sorted = sortBookMatter([
      { title: 'The Project Gutenberg eBook of Die Verwandlung', text: HEADER + 'I\n\n' + STORY },
      { title: 'II', text: 'Erst in der Abenddämmerung erwachte Gregor.' },
      { title: 'III', text: 'Die schwere Verwundung Gregors.\n\n*** END OF THE PROJECT GUTENBERG EBOOK DIE VERWANDLUNG ***\n\nUpdated editions will replace…' },
      { title: 'THE FULL PROJECT GUTENBERG LICENSE', text: 'PLEASE READ THIS BEFORE YOU DISTRIBUTE OR USE THIS WORK' },
    ]);
    expect(sorted.map((c) => c.matter)).toEqual([null, null, null, 'gutenberg-licence']);
    expect(sorted[0].text).toBe('I\n\n' + STORY);
    // The header's paragraphs (title line, licence line, "Title:", the marker) are gone: pictures move up by four.
    expect(sorted[0].cutParagraphs).toBe(4);
    // The chapter's title was Gutenberg's header: it is dropped (the importer numbers the chapter).
    expect(sorted[0].title).toBe('');
    expect(sorted[2].text).toBe('Die schwere Verwundung Gregors.');
    expect(sorted.map((c) => c.text).join(' ')).not.toMatch(/gutenberg/i);
  });

  it('leaves out whole chapters before START and after END, and a marker chapter with nothing else', () => {
    const sorted = sortBookMatter([
      { title: 'The Project Gutenberg eBook of X', text: 'This ebook is for the use of anyone anywhere…' },
      { title: 'Start', text: '***START OF THIS PROJECT GUTENBERG EBOOK X***' },
      { title: 'Kapitel 1', text: STORY },
      { title: 'End', text: 'End of the Project Gutenberg EBook of X, by Y' },
      { title: 'Section 1', text: 'General Terms of Use and Redistributing Project Gutenberg-tm electronic works' },
    ]);
    expect(sorted.map((c) => c.matter)).toEqual(['gutenberg-header', 'gutenberg-header', null, 'gutenberg-licence', 'gutenberg-licence']);
  });

  it('knows Standard Ebooks’ and publishers’ pages by their titles, and keeps everything else', () => {
    const titles = ['Titlepage', 'Imprint', 'I', 'Colophon', 'Uncopyright', 'Copyright', 'About this Edition', 'Endnotes', 'The Colophon Affair'];
    const sorted = sortBookMatter(titles.map((title) => ({ title, text: STORY })));
    expect(sorted.map((c) => c.matter)).toEqual([null, 'imprint', null, 'colophon', 'copyright', 'copyright', 'about-edition', null, null]);
    expect(sorted.every((c) => c.text === STORY)).toBe(true);
  });

  it('changes nothing in a book without matter', () => {
    const chapters = [
      { title: 'Down The Rabbit-Hole', text: 'Alice was beginning to get very tired…' },
      { title: 'The Pool Of Tears', text: 'Curiouser and curiouser!' },
    ];
    expect(sortBookMatter(chapters)).toEqual(chapters.map((c) => ({ ...c, matter: null, cutParagraphs: 0 })));
  });
});
