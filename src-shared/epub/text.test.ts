// Long plain texts become chapters: headings in several languages and scripts, separators, else ~5,000-word parts.
import { describe, expect, it } from 'vitest';
import { countWords, isChapterHeading, PART_WORDS, splitLongText } from './text';

describe('isChapterHeading', () => {
  it.each(['CHAPTER I', 'Chapter 12. The Storm', 'Capítulo 2', 'KAPITEL III', '第一章', '第十二回 大結局', 'XIV', 'IV.', '***', '* * *', 'Глава 3'])(
    '%s is a heading',
    (line) => {
      expect(isChapterHeading(line)).toBe(true);
    },
  );
  it.each(['Chapter and verse were quoted by everyone in the crowded little room that night', 'It was a dark night.', 'I went home.', ''])(
    '%s is not',
    (line) => {
      expect(isChapterHeading(line)).toBe(false);
    },
  );
});

describe('splitLongText', () => {
  it('splits on chapter headings and keeps the heading as the title and first line', () => {
    const text = 'A preface of sorts.\n\nCHAPTER I\n\nIt began.\n\nCHAPTER II\n\nIt went on.\n\nCHAPTER III\nIt ended.';
    const chapters = splitLongText(text);
    expect(chapters.map((c) => c.title)).toEqual(['Opening', 'CHAPTER I', 'CHAPTER II', 'CHAPTER III']);
    expect(chapters[1].text).toBe('CHAPTER I\n\nIt began.');
    expect(chapters[3].text).toBe('CHAPTER III\nIt ended.');
  });

  it('splits Chinese chapters and *** separators', () => {
    expect(splitLongText('第一章\n他来了。\n\n第二章\n他走了。').map((c) => c.title)).toEqual(['第一章', '第二章']);
    expect(splitLongText('One part.\n\n***\n\nTwo part.\n\n***\n\nThree part.').map((c) => [c.title, c.text])).toEqual([
      ['Opening', 'One part.'],
      ['Part 2', 'Two part.'],
      ['Part 3', 'Three part.'],
    ]);
  });

  it('without headings: parts of about 5,000 words at paragraph boundaries', () => {
    const para = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const text = Array.from({ length: 160 }, () => para).join('\n\n'); // 16,000 words
    const parts = splitLongText(text);
    expect(parts.map((p) => p.title)).toEqual(['Part 1', 'Part 2', 'Part 3', 'Part 4']);
    expect(parts[0].words).toBe(PART_WORDS);
    expect(parts.reduce((n, p) => n + p.words, 0)).toBe(16_000);
    expect(parts.every((p) => !p.text.startsWith('\n'))).toBe(true);
  });

  it('counts CJK characters as words', () => {
    expect(countWords('他来了。Hello world')).toBe(5);
  });
});
