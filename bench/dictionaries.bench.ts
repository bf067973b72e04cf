// Local dictionaries: import speed of a synthetic 200k-entry StarDict (.tar.gz, through the whole
// import path: unpack, parse, one transaction) and lookup latency through the handler registry.
import zlib from 'node:zlib';
import type { Report } from './run';
import { benchCore, ms, now, percentile, sized } from './helpers';

const ENTRIES = sized(200_000, 5_000);

function tarEntry(name: string, data: Buffer): Buffer[] {
  const h = Buffer.alloc(512);
  h.write(name, 0);
  h.write('0000644\0', 100);
  h.write(data.length.toString(8).padStart(11, '0') + '\0', 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return [h, data, Buffer.alloc((512 - (data.length % 512)) % 512)];
}

function syntheticStarDict(): Buffer {
  const idx: Buffer[] = [];
  const dict: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < ENTRIES; i++) {
    const def = Buffer.from(`definition number ${i}: a moderately long gloss with a few words in it`);
    const tail = Buffer.alloc(8);
    tail.writeUInt32BE(offset, 0);
    tail.writeUInt32BE(def.length, 4);
    idx.push(Buffer.from(`word${i}\0`), tail);
    dict.push(def);
    offset += def.length;
  }
  const idxBuf = Buffer.concat(idx);
  const ifo = Buffer.from(`StarDict's dict ifo file\nversion=2.4.2\nbookname=Bench\nwordcount=${ENTRIES}\nidxfilesize=${idxBuf.length}\nsametypesequence=m\n`);
  const tar = Buffer.concat([
    ...tarEntry('b/b.ifo', ifo),
    ...tarEntry('b/b.idx', idxBuf),
    ...tarEntry('b/b.dict.dz', zlib.gzipSync(Buffer.concat(dict))),
    Buffer.alloc(1024),
  ]);
  return zlib.gzipSync(tar);
}

export default async function (report: Report) {
  const core = benchCore();
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const dict = (await core.dispatch('dictionaries.create', { LdLgID: lang.LgID, LdName: 'bench' })) as { LdID: number };
    const data = syntheticStarDict();
    const t = now();
    const summary = (await core.dispatch('dictionaries.import', { id: dict.LdID, file: { filename: 'bench.tar.gz', data } })) as { imported: number };
    const importMs = ms(t);
    if (summary.imported !== ENTRIES) throw new Error(`imported ${summary.imported} of ${ENTRIES}`);
    report('dict_import_entries_per_s', Math.round(ENTRIES / (importMs / 1000)), 'entries/s');
    report('dict_import_200k_ms', Math.round(importMs), 'ms');

    // The word panel's call: word plus lemma, through input validation and the ownership check.
    const lookup = (i: number) => core.dispatch('dictionaries.lookup', { language_id: String(lang.LgID), term: `Word${(i * 7919) % ENTRIES}`, lemma: 'word1' });
    for (let i = 0; i < 1000; i++) await lookup(i); // warm-up: JIT and page cache
    const samples: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const s = now();
      await lookup(i);
      samples.push(ms(s));
    }
    report('dict_lookup_p50_ms', percentile(samples, 50), 'ms');
    report('dict_lookup_p99_ms', percentile(samples, 99), 'ms');
  } finally {
    core.cleanup();
  }
}
