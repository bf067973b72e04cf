// Malformed and hostile dictionary uploads: each gets its clear error and leaves no rows behind.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures } from '../helpers/core';
import { folderFiles, makeTar, makeZip, pack, type PackFile } from '../helpers/archives';

let dictionaryId: number;

const s = withServer({ language: { LgName: 'English' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeEach(async () => {
  dictionaryId = (await s.client.post('/api/v1/local-dictionaries', { LdLgID: s.languageId, LdName: 'target' })).body.LdID;
});

const count = (table: string) => (s.core.sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Uploads into the test's dictionary and into a new one; both must fail with `message` and write nothing. */
async function expectRefused(name: string, data: Uint8Array, message: RegExp, status = 400) {
  const entriesBefore = count('local_dictionary_entries');
  const dictionariesBefore = count('local_dictionaries');
  const into = await s.client.upload(`/api/v1/local-dictionaries/${dictionaryId}/import`, { name, data });
  expect(into.status, JSON.stringify(into.body)).toBe(status);
  expect(into.body.error).toMatch(message);
  const fresh = await s.client.upload('/api/v1/local-dictionaries/upload', { name, data }, { language_id: String(s.languageId) });
  expect(fresh.status).toBe(status);
  expect(fresh.body.error).toMatch(message);
  expect(count('local_dictionary_entries')).toBe(entriesBefore);
  expect(count('local_dictionaries')).toBe(dictionariesBefore);
  const row = s.core.sqlite.prepare('SELECT LdEntryCount FROM local_dictionaries WHERE LdID = ?').get(dictionaryId) as { LdEntryCount: number };
  expect(row.LdEntryCount).toBe(0);
}

function ifo(fields: Record<string, string | number>, { bom = false, finalNewline = true } = {}): Buffer {
  const text = ["StarDict's dict ifo file", ...Object.entries(fields).map(([k, v]) => `${k}=${v}`)].join('\n') + (finalNewline ? '\n' : '');
  return Buffer.from((bom ? '\ufeff' : '') + text);
}

/** A small valid bundle: words → "definition of <word>", 32-bit offsets unless told. */
function bundle(wordsList: string[], { bits = 32, bom = false, finalNewline = true } = {}): PackFile[] {
  const defs = wordsList.map((w) => Buffer.from(`definition of ${w}`));
  const dict = Buffer.concat(defs);
  const idxParts: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < wordsList.length; i++) {
    const head = Buffer.from(wordsList[i] + '\0');
    const tail = Buffer.alloc(bits / 8 + 4);
    if (bits === 64) tail.writeBigUInt64BE(BigInt(offset), 0);
    else tail.writeUInt32BE(offset, 0);
    tail.writeUInt32BE(defs[i].length, bits / 8);
    idxParts.push(head, tail);
    offset += defs[i].length;
  }
  const idx = Buffer.concat(idxParts);
  const info = {
    version: bits === 64 ? '3.0.0' : '2.4.2',
    bookname: 'Synthetic',
    wordcount: wordsList.length,
    idxfilesize: idx.length,
    sametypesequence: 'm',
    ...(bits === 64 ? { idxoffsetbits: 64 } : {}),
  };
  return [
    { name: 'syn/dict.ifo', data: ifo(info, { bom, finalNewline }) },
    { name: 'syn/dict.idx', data: idx },
    { name: 'syn/dict.dict', data: dict },
  ];
}

const replace = (files: PackFile[], suffix: string, data: Uint8Array) => files.map((f) => (f.name.endsWith(suffix) ? { ...f, data } : f));

describe('synthetic StarDict variants that must import', () => {
  it('reads 64-bit offsets, .idx.gz and .dict.dz, a BOM and a missing final newline in the .ifo', async () => {
    const files = bundle(['alpha', 'beta', 'gamma'], { bits: 64, bom: true, finalNewline: false }).map((f) =>
      f.name.endsWith('.idx')
        ? { name: f.name + '.gz', data: zlib.gzipSync(f.data) }
        : f.name.endsWith('.dict')
          ? { name: f.name + '.dz', data: zlib.gzipSync(f.data) }
          : f,
    );
    const res = await s.client.upload(`/api/v1/local-dictionaries/${dictionaryId}/import`, { name: 'sd.tar.gz', data: await pack('tar.gz', files) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 3, skipped: 0, dictionary: { LdEntryCount: 3, LdSourceFormat: 'stardict' } });
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${s.languageId}&term=Gamma`);
    expect(look.body.entries[0].LeDefinition).toBe('definition of gamma');
  });

  it('skips and counts headwords that cannot be stored, and goes on', async () => {
    const files = bundle(['ok', '', 'x'.repeat(300), 'bad\u0001word', 'fine']);
    const res = await s.client.upload(`/api/v1/local-dictionaries/${dictionaryId}/import`, { name: 'sd.zip', data: await makeZip(files) });
    expect(res.body).toMatchObject({ imported: 2, skipped: 3, skipped_reasons: { empty_headword: 1, headword_too_long: 1, control_characters: 1 } });
  });
});

describe('malformed inputs are refused and leave no rows behind', () => {
  it('a truncated .idx', async () => {
    const files = bundle(['one', 'two', 'three']);
    const idx = files[1].data;
    await expectRefused('t.zip', await makeZip(replace(files, '.idx', idx.subarray(0, idx.length - 3))), /\.idx is truncated/);
    // Cut exactly between entries (and the .ifo size fixed up): the word count gives it away.
    const cut = idx.subarray(0, idx.indexOf(0, 0) + 9);
    const fixed = replace(
      replace(files, '.idx', cut),
      '.ifo',
      ifo({ version: '2.4.2', bookname: 'x', wordcount: 3, idxfilesize: cut.length, sametypesequence: 'm' }),
    );
    await expectRefused('t.zip', await makeZip(fixed), /holds 1 entries, the \.ifo announces 3/);
  });

  it('offsets past the end of the .dict', async () => {
    const files = bundle(['one', 'two', 'three']);
    const dict = files[2].data;
    await expectRefused(
      't.tar.gz',
      await pack('tar.gz', replace(files, '.dict', dict.subarray(0, dict.length - 4))),
      /"three" points past the end of the \.dict file/,
    );
  });

  it('a zip bomb, honest or lying about its size', async () => {
    const zeros = new Uint8Array(20 * 1024 * 1024);
    await expectRefused('bomb.zip', await makeZip([{ name: 'a.ifo', data: zeros }]), /decompression bomb/);
    // A bundle whose .ifo header claims 1 KB but inflates to 2 MB.
    const big = 2 * 1024 * 1024;
    const lying = await makeZip(replace(bundle(['a']), '.ifo', new Uint8Array(big)));
    for (const [sig, at] of [
      [0x02014b50, 24],
      [0x04034b50, 22],
    ] as const) {
      for (let p = 0; (p = lying.indexOf(Buffer.from([0x50, 0x4b, (sig >> 16) & 0xff, sig >>> 24]), p)) >= 0; p += 4) {
        if (lying.readUInt32LE(p + at) === big) lying.writeUInt32LE(1024, p + at);
      }
    }
    await expectRefused('lying.zip', lying, /more than its header declares/);
    // A gzip bomb around a tar.
    await expectRefused('bomb.tar.gz', zlib.gzipSync(new Uint8Array(40 * 1024 * 1024)), /decompression bomb/);
  }, 90_000);

  it('an archive with 501 entries (500 is the limit)', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }));
    await expectRefused('many.zip', await makeZip(many), /501 entries; at most 500/);
    await expectRefused('many.tar.gz', zlib.gzipSync(makeTar(many)), /more than 500 entries/);
  });

  it('a ../evil entry and an absolute path, in zip and tar', async () => {
    const good = bundle(['a']);
    await expectRefused('evil.zip', await makeZip([...good, { name: '../evil.txt', data: Buffer.from('x') }]), /climbs out of its folder/);
    await expectRefused('evil.tar.gz', zlib.gzipSync(makeTar([...good, { name: 'syn/../../evil', data: Buffer.from('x') }])), /climbs out of its folder/);
    await expectRefused('abs.zip', await makeZip([...good, { name: '/etc/evil', data: Buffer.from('x') }]), /absolute path/);
    await expectRefused('abs.tar.gz', zlib.gzipSync(makeTar([{ name: '/tmp/evil.ifo', data: Buffer.from('x') }, ...good])), /absolute path/);
  });

  it('UTF-16 and UTF-32 CSV, with or without a BOM', async () => {
    const text = 'word,definition\nHaus,house\n';
    const le16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await expectRefused('u16.csv', le16, /UTF-16LE; save it as UTF-8/);
    await expectRefused('u16.csv', Buffer.from(text, 'utf16le'), /UTF-16LE; save it as UTF-8/);
    const be16 = Buffer.from(text, 'utf16le').swap16();
    await expectRefused('u16be.tsv', be16, /UTF-16BE; save it as UTF-8/);
    const u32 = Buffer.alloc(text.length * 4);
    for (let i = 0; i < text.length; i++) u32.writeUInt32LE(text.charCodeAt(i), i * 4);
    await expectRefused('u32.csv', Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), u32]), /UTF-32LE; save it as UTF-8/);
  });

  it('a bare .ifo, other bundle parts and unknown formats', async () => {
    await expectRefused('dict.ifo', ifo({ wordcount: 1 }), /Invalid file format: a \.ifo file .* Upload an archive/);
    await expectRefused('dict.idx', Buffer.from('x'), /Invalid file format: this is one part of a StarDict dictionary/);
    await expectRefused('notes.docx', Buffer.from('x'), /^Invalid file format\./);
    await expectRefused(
      'empty.zip',
      await makeZip([{ name: 'readme.txt', data: Buffer.from('hi') }]),
      /^Invalid file format: the archive holds no StarDict bundle/,
    );
    await expectRefused('broken.zip', Buffer.from('PK not really'), /not a valid zip archive/);
    await expectRefused('broken.json', Buffer.from('{"a": '), /cannot be read/);
  });

  it('a bundle without its .dict, and a wrong .ifo', async () => {
    const files = bundle(['a']);
    await expectRefused('nodict.zip', await makeZip(files.filter((f) => !f.name.endsWith('.dict'))), /holds syn\/dict\.ifo but not syn\/dict\.dict/);
    await expectRefused('badifo.zip', await makeZip(replace(files, '.ifo', Buffer.from('hello\nwordcount=1\n'))), /not a StarDict \.ifo file/);
  });

  it('a file whose contents do not match its name is refused in plain words, never "N headwords imported"', async () => {
    // Prose, a web page and a JSON array of numbers parse into rows, but none is a term with a definition.
    await expectRefused(
      'story.csv',
      Buffer.from('Once upon a time there was a dog\nIt barked loudly\nThe end\n'),
      /^This \.csv has no readable rows: expected term,definition per line$/,
    );
    await expectRefused('page.csv', Buffer.from('<html><body><p>hello</p></body></html>'), /^This \.csv has no readable rows/);
    await expectRefused('words.tsv', Buffer.from('alpha\nbeta\n'), /^This \.tsv has no readable rows: expected term<Tab>definition per line$/);
    await expectRefused('numbers.json', Buffer.from('[1, 2, 3]'), /^This \.json has no readable entries/);
    await expectRefused('random.csv', randomBytes(4096), /not (valid UTF-8|a text file)/);
  });

  it("archive libraries' errors come out as plain messages: no library wording, no URLs", async () => {
    const plain = async (name: string, data: Uint8Array, message: RegExp) => {
      const res = await s.client.upload(`/api/v1/local-dictionaries/${dictionaryId}/import`, { name, data });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      // jszip's "Can't find end of central directory … see https://…", zlib's "incorrect header check", xz's error codes.
      expect(res.body.error).not.toMatch(/https?:|central directory|header check|error code|bad magic|get_next_output|Corrupted zip/i);
    };
    await plain('random.zip', randomBytes(600), /^This \.zip file is not a valid zip archive: it is damaged or is not a zip file at all$/);
    await plain('random.tar.gz', randomBytes(600), /not valid gzip data: it is damaged or not gzip-compressed$/);
    await plain('random.tar.bz2', randomBytes(600), /^This \.tar\.bz2 file is not valid bzip2 data/);
    await plain('random.tar.xz', randomBytes(600), /^This \.tar\.xz file is not valid xz data/);
    await plain('random.tar', randomBytes(1536), /^This tar archive is (damaged|truncated)/);
    await plain('cut.tar.gz', zlib.gzipSync(randomBytes(4000)).subarray(0, 500), /the file is cut short$/);
  });

  it.skipIf(!hasFixtures)('a real bundle with its .dict.dz cut short', async () => {
    const files = folderFiles(fixture('stardict', 'sdcv_stardict-test_synonyms-2.4.2'));
    const dz = files.find((f) => f.name.endsWith('.dict.dz'))!;
    await expectRefused('cut.zip', await makeZip(replace(files, '.dict.dz', dz.data.subarray(0, dz.data.length - 10))), /not valid gzip data/);
  });
});
