// Runs in: a worker thread (parseUpload) and main (precheckUpload). From uploaded bytes to a parsed dictionary: picks the parser by file name, opens
// archives (checked listing first), finds the StarDict bundles or Yomitan dictionary inside.
import { detectUploadFormat, isArchiveFormat, INVALID_FORMAT } from '../../../src-shared/dictionaries/format';
import { parseDelimited } from '../../../src-shared/dictionaries/delimited';
import { decodeUtf8Text, detectWideEncoding } from '../../../src-shared/dictionaries/encoding';
import { parseJsonDictionary, JSON_DICTIONARY_MAX_BYTES } from '../../../src-shared/dictionaries/json';
import { parseStarDict, type StoredBudget } from '../../../src-shared/dictionaries/stardict';
import { parseYomitan } from '../../../src-shared/dictionaries/yomitan';
import { emptyDictionary, formatError, type ParsedDictionary } from '../../../src-shared/dictionaries/types';
import { refuseWithoutEntries } from '../../../src-shared/dictionaries/readable';
import { payloadTooLarge } from '../../../src-shared/contract/errors';
import { ARCHIVE_LIMITS, gunzipCapped, openArchive, type Archive, type ArchiveLimits } from './archive';
import { msg } from '../../../src-shared/contract/messages';

/** The first of `candidates` present in the archive. */
const pick = (names: Set<string>, candidates: string[]) => candidates.find((c) => names.has(c));

async function stardictFromArchive(archive: Archive, ifos: string[], limits: ArchiveLimits, budget?: StoredBudget): Promise<ParsedDictionary> {
  const names = new Set(archive.files.map((f) => f.path));
  const dict = emptyDictionary('stardict');
  for (const ifo of ifos) {
    const base = ifo.slice(0, -'.ifo'.length);
    const idx = pick(names, [`${base}.idx`, `${base}.idx.gz`]);
    const data = pick(names, [`${base}.dict`, `${base}.dict.dz`]);
    const syn = pick(names, [`${base}.syn`, `${base}.syn.dz`]);
    if (!idx) throw formatError(msg('dict.bundleMissingIdx', { ifo, base }));
    if (!data) throw formatError(msg('dict.bundleMissingDict', { ifo, base }));
    const unpack = async (path: string) =>
      path.endsWith('.gz') || path.endsWith('.dz') ? gunzipCapped(await archive.read(path), path, limits) : archive.read(path);
    parseStarDict(
      { name: base, ifo: await archive.read(ifo), idx: await unpack(idx), dict: await unpack(data), syn: syn ? await unpack(syn) : undefined },
      dict,
      budget,
    );
  }
  return dict;
}

async function yomitanFromArchive(archive: Archive, indexPath: string): Promise<ParsedDictionary> {
  const root = indexPath.slice(0, -'index.json'.length);
  const files = new Map<string, Uint8Array>();
  for (const f of archive.files) {
    if (!f.path.startsWith(root)) continue;
    const rel = f.path.slice(root.length);
    if (rel === 'index.json' || /^term(_meta)?_bank_\d+\.json$/.test(rel)) files.set(rel, await archive.read(f.path));
  }
  return parseYomitan(files);
}

async function parseArchive(
  data: Uint8Array,
  format: Parameters<typeof openArchive>[1],
  limits: ArchiveLimits,
  budget?: StoredBudget,
): Promise<ParsedDictionary> {
  const archive = await openArchive(data, format, limits);
  const paths = archive.files.map((f) => f.path);
  // A Yomitan dictionary has index.json at its root (or inside one top folder) next to term banks.
  const index = paths.filter((p) => p === 'index.json' || /^[^/]+\/index\.json$/.test(p)).sort((a, b) => a.length - b.length)[0];
  if (index && paths.some((p) => /(^|\/)term(_meta)?_bank_\d+\.json$/.test(p))) return yomitanFromArchive(archive, index);
  const ifos = paths.filter((p) => p.toLowerCase().endsWith('.ifo')).sort();
  if (ifos.length) return stardictFromArchive(archive, ifos, limits, budget);
  // An archive holding a single glossary file is read as that file.
  const glossaries = archive.files.filter((f) => /\.(csv|tsv|json)$/i.test(f.path));
  if (glossaries.length === 1) return parseFlat(glossaries[0].path, await archive.read(glossaries[0].path));
  throw formatError(
    `${INVALID_FORMAT}: the archive holds no StarDict bundle (.ifo, .idx and .dict files) and no Yomitan dictionary (index.json with term banks)`,
  );
}

function parseFlat(filename: string, data: Uint8Array): ParsedDictionary {
  const format = detectUploadFormat(filename);
  if (format === 'csv' || format === 'tsv') return parseDelimited(data, format);
  if (format === 'json') {
    if (data.length > JSON_DICTIONARY_MAX_BYTES) throw payloadTooLarge(msg('dict.jsonTooLarge'));
    return parseJsonDictionary(data);
  }
  throw formatError(INVALID_FORMAT);
}

/** Parses an upload by its original file name. Throws a 400/413 AppError with a clear message on bad input. */
export async function parseUpload(
  filename: string,
  data: Uint8Array,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
  budget?: StoredBudget,
): Promise<ParsedDictionary> {
  const format = detectUploadFormat(filename);
  if (data.length === 0) throw formatError(msg('import.fileEmpty'));
  if (isArchiveFormat(format)) return refuseWithoutEntries(filename, await parseArchive(data, format as Parameters<typeof openArchive>[1], limits, budget));
  return refuseWithoutEntries(filename, parseFlat(filename, data));
}

/**
 * What can be refused from the name, the size and the first bytes (`head`, up to 4 KB), on the calling thread
 * before a worker is started: an empty file, an unknown format, a flat file in UTF-16/32 or binary, a JSON file
 * over its limit.
 */
export function precheckUpload(filename: string, size: number, head: Uint8Array): void {
  if (size === 0) throw formatError(msg('import.fileEmpty'));
  const format = detectUploadFormat(filename);
  if (isArchiveFormat(format)) return;
  if (format === 'json' && size > JSON_DICTIONARY_MAX_BYTES) throw payloadTooLarge(msg('dict.jsonTooLarge'));
  const wide = detectWideEncoding(head.subarray(0, 4096));
  if (wide) decodeUtf8Text(head.subarray(0, 4096), msg('dict.thisFile', { kind: format.toUpperCase() }));
}
