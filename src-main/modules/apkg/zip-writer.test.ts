import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { zipEntries } from './zip-writer';

describe('zipEntries', () => {
  it('writes a zip that jszip reads back byte for byte, UTF-8 names included', async () => {
    const text = new TextEncoder().encode('Lectio '.repeat(1000));
    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24);
    const zip = await JSZip.loadAsync(zipEntries([
      { name: 'collection.anki2', data: text },
      { name: 'collection.anki21', data: text },
      { name: 'mé dia', data: random },
      { name: 'empty', data: new Uint8Array(0) },
    ]));
    expect(Object.keys(zip.files)).toEqual(['collection.anki2', 'collection.anki21', 'mé dia', 'empty']);
    expect(await zip.file('collection.anki2')!.async('uint8array')).toEqual(text);
    expect(await zip.file('collection.anki21')!.async('uint8array')).toEqual(text);
    expect(await zip.file('mé dia')!.async('uint8array')).toEqual(random);
    expect((await zip.file('empty')!.async('uint8array')).length).toBe(0);
  });

  it('compresses an entry given twice only once, and compressible data much smaller', () => {
    const data = new TextEncoder().encode('abc'.repeat(100_000));
    const once = zipEntries([{ name: 'a', data }]);
    const twice = zipEntries([{ name: 'a', data }, { name: 'b', data }]);
    expect(once.length).toBeLessThan(data.length / 50);
    // The second entry costs its compressed body plus headers, not another full copy.
    expect(twice.length - once.length).toBeLessThan(once.length);
  });
});
