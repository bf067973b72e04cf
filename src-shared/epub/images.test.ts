import { describe, expect, it } from 'vitest';
import { makePng, pngHeaderOnly } from '../../tests/helpers/png';
import { imageZlib } from '../../src-main/core/image-zlib';
import { htmlToBlocks, type BlockImage } from './html';
import { keepPicturesOfEmpty, type Draft } from './chapters';
import { BOOK_IMAGE_LIMITS, captionOf, checkImages, imagesOfParts } from './images';
import type { EpubZip } from './zip';

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

  it('drops an alt text the book prints beside the picture: its words are in the text already', () => {
    const b = htmlToBlocks(
      `<p>Before.</p><figure><img src="a.jpg" alt="Alice at the Mad Tea Party."/><figcaption><p>Alice at the Mad Tea Party.</p></figcaption></figure>
       <p class="caption">"The Duchess \ttucked her arm into Alice's."</p><img src="b.jpg" alt="The Duchess tucked her arm into Alice's."/>
       <p>After.</p><img src="c.jpg" alt="A white rabbit with a watch"/><p>The Rabbit ran.</p>`,
    );
    expect(b.paragraphs).toEqual(['Before.', 'Alice at the Mad Tea Party.', '"The Duchess tucked her arm into Alice\'s."', 'After.', 'The Rabbit ran.']);
    expect(b.images).toEqual([
      { src: 'a.jpg', alt: '', para: 1 },
      { src: 'b.jpg', alt: '', para: 3 },
      { src: 'c.jpg', alt: 'A white rabbit with a watch', para: 4 },
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

describe('checks and caps', () => {
  /** A zip of the given files that records which entries were read (declared size = real size unless `declared`). */
  function zipOf(files: Record<string, Uint8Array>, declared: Record<string, number> = {}) {
    const reads: string[] = [];
    const zip: EpubZip = {
      paths: Object.keys(files),
      has: (p) => p in files,
      sizeOf: (p) => declared[p] ?? files[p]?.length,
      read: (p) => {
        reads.push(p);
        return Promise.resolve(files[p]);
      },
    };
    return { zip, reads };
  }
  const shown = (...srcs: string[]): BlockImage[] => srcs.map((src, para) => ({ src, alt: '', para }));

  it('reads each file once, keeps it once, places it as often as shown; an oversized entry is never read', async () => {
    const { zip, reads } = zipOf({ 'a.png': makePng(4, 3), 'huge.png': makePng(2, 2), 'bomb.png': pngHeaderOnly(20_000, 10_000) }, { 'huge.png': 9e6 });
    const kept: number[] = [];
    const out = await checkImages(zip, [shown('a.png', 'huge.png'), shown('a.png', 'bomb.png')], {
      zlib: imageZlib,
      keep: (_data, _info, index) => {
        kept.push(index);
        return Promise.resolve(`/tmp/${index}`);
      },
    });
    expect(reads).toEqual(['a.png', 'bomb.png']);
    expect(kept).toEqual([0]);
    expect(out.images).toEqual([{ mime: 'image/png', ext: 'png', width: 4, height: 3, path: 'a.png', bytes: makePng(4, 3).length, file: '/tmp/0' }]);
    expect(out.placed).toEqual([[{ image: 0, para: 0, alt: '' }], [{ image: 0, para: 0, alt: '' }]]);
    expect(out.notes).toEqual([{ code: 'epub.imagesTooLarge', params: { count: 2, path: 'huge.png', mb: 8, megapixels: 40 } }]);
  });

  it("stops at the book's total bytes and at the count of pictures shown, and says so", async () => {
    const png = (i: number) => makePng(2, 2, [i * 40, 0, 0]);
    const files = Object.fromEntries([0, 1, 2, 3].map((i) => [`p${i}.png`, png(i)]));
    const { zip, reads } = zipOf(files);
    const bookBytes = files['p0.png'].length + files['p1.png'].length; // two pictures fit, the third does not
    const out = await checkImages(zip, [shown('p0.png', 'p1.png', 'p2.png'), shown('p0.png', 'p3.png', 'p1.png', 'p0.png', 'p1.png')], {
      zlib: imageZlib,
      limits: { ...BOOK_IMAGE_LIMITS, maxBookBytes: bookBytes, maxImages: 4 },
    });
    // p2 and p3 pass the book's total and are left out unread; of the six pictures that pass, four are kept.
    expect(reads).toEqual(['p0.png', 'p1.png']);
    expect(out.images.map((i) => i.path)).toEqual(['p0.png', 'p1.png']);
    expect(out.placed.map((c) => c.map((p) => p.image))).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(out.notes).toEqual([
      { code: 'epub.imagesBookTooLarge', params: { mb: 0 } },
      { code: 'epub.imagesTooMany', params: { count: 6, max: 4 } },
    ]);
  });

  it('leaves out a picture whose bytes do not hold together past its header, and says so', async () => {
    const whole = makePng(4, 3);
    const { zip } = zipOf({ 'a.png': whole, 'cut.png': whole.subarray(0, whole.length - 12), 'b.png': makePng(5, 5) });
    const out = await checkImages(zip, [shown('cut.png', 'a.png'), shown('b.png')], { zlib: imageZlib });
    expect(out.images.map((i) => i.path)).toEqual(['a.png', 'b.png']);
    expect(out.placed).toEqual([[{ image: 0, para: 1, alt: '' }], [{ image: 1, para: 0, alt: '' }]]);
    expect(out.notes).toEqual([{ code: 'epub.imagesDamaged', params: { count: 1, path: 'cut.png' } }]);
  });
});
