import { describe, expect, it } from 'vitest';
import { htmlToBlocks } from './html';
import { keepPicturesOfEmpty, type Draft } from './chapters';
import { captionOf, imagesOfParts } from './images';

describe('where pictures are', () => {
  it('records each picture before the paragraph it precedes; one inside a paragraph goes after it', () => {
    const b = htmlToBlocks(
      '<h1>T</h1><figure><img src="a.png" alt="A"/></figure><p>One.</p><p>Two <img src="b.png"/> words.</p><p><img src="c.png"/>Three.</p><img src="d.png"/>',
    );
    expect(b.paragraphs).toEqual(['T', 'One.', 'Two words.', 'Three.']);
    expect(b.images).toEqual([
      { src: 'a.png', alt: 'A', para: 1 },
      { src: 'b.png', alt: '', para: 3 },
      { src: 'c.png', alt: '', para: 3 },
      { src: 'd.png', alt: '', para: 4 },
    ]);
  });

  it("keeps an SVG wrapper's raster <image>, never the SVG; drops pictures inside dropped content", () => {
    const b = htmlToBlocks(
      '<svg><image xlink:href="cover.jpg"/></svg><p>Words.</p><script><img src="x.png"/></script><span class="pagenum"><img src="y.png"/></span>',
    );
    expect(b.images).toEqual([{ src: 'cover.jpg', alt: '', para: 0 }]);
  });
});

describe('pictures of chapters', () => {
  const draft = (text: string, paras: number[]): Draft => ({
    title: text,
    text,
    docs: [0, 0],
    images: paras.map((para) => ({ src: `p${para}`, alt: '', para })),
  });

  it('a chapter without words gives its pictures to the next chapter, or the last one', () => {
    const out = keepPicturesOfEmpty([draft('', [0]), draft('One.\n\nTwo.', [1]), draft('', [0, 0]), draft('Three.', []), draft(' ', [0])]);
    expect(out.map((d) => d.text)).toEqual(['One.\n\nTwo.', 'Three.']);
    expect(out[0].images.map((i) => i.para)).toEqual([0, 1]);
    // The trailing empty chapter's picture closes the last chapter (after its one paragraph).
    expect(out[1].images.map((i) => [i.src, i.para])).toEqual([
      ['p0', 0],
      ['p0', 0],
      ['p0', 1],
    ]);
  });

  it('a chapter cut into parts hands each part the pictures of its paragraphs', () => {
    const images = [0, 1, 2, 3].map((para) => ({ src: `p${para}`, alt: '', para }));
    expect(imagesOfParts(['a\n\nb', 'c', 'd'], images).map((part) => part.map((i) => [i.src, i.para]))).toEqual([
      [
        ['p0', 0],
        ['p1', 1],
      ],
      [['p2', 0]],
      [['p3', 0]],
    ]);
  });

  it('drops placeholder alt texts as captions, keeps real ones', () => {
    expect(captionOf('Illo12')).toBe('');
    expect(captionOf('Cover Image')).toBe('');
    expect(captionOf('image')).toBe('');
    expect(captionOf('The Trial of the Knave of Hearts.')).toBe('The Trial of the Knave of Hearts.');
  });
});
