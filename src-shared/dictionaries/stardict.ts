// Runs in: any process. StarDict bundles (.ifo + .idx + .dict, optional .syn) from bytes already unpacked
// (the caller gunzips .idx.gz and .dict.dz). Spec: the StarDict "dictionary file format" document.
import { amplificationError, emptyDictionary, ENTRY_LIMITS, formatError, type ParsedDictionary } from './types';
import { msg } from '../contract/messages';

/** Decoded bytes charged so far against what this upload may store (types.ts storedBytesBudget). */
export interface StoredBudget {
  used: number;
  total: number;
}

/** One shared string over the per-definition limit: stands for an article that was not decoded. */
const TOO_LONG_PLACEHOLDER = '-'.repeat(ENTRY_LIMITS.definitionChars + 1);

export interface IfoInfo {
  version: string;
  bookname: string;
  wordcount: number;
  synwordcount: number;
  idxfilesize: number;
  offsetBits: 32 | 64;
  sametypesequence: string;
  description: string;
  website: string;
  author: string;
}

export interface StarDictFiles {
  /** The bundle's base name, for messages: "dict/german". */
  name: string;
  ifo: Uint8Array;
  idx: Uint8Array;
  dict: Uint8Array;
  syn?: Uint8Array;
}

const IFO_MAGIC = "StarDict's dict ifo file";
const utf8 = new TextDecoder('utf-8');

export function parseIfo(bytes: Uint8Array, name = 'the .ifo file'): IfoInfo {
  let text = utf8.decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Tolerates CRLF and a missing final newline.
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[0].trim() !== IFO_MAGIC) throw formatError(msg('dict.notIfo', { name, magic: IFO_MAGIC }));
  const kv = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const eq = line.indexOf('=');
    if (eq > 0) kv.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  const int = (key: string, required: boolean): number => {
    const raw = kv.get(key);
    if (raw === undefined || raw === '') {
      if (required) throw formatError(msg('stardict.missingKey', { name, key }));
      return 0;
    }
    if (!/^\d+$/.test(raw)) throw formatError(msg('stardict.notNumber', { name, key, raw }));
    return Number(raw);
  };
  const bits = kv.get('idxoffsetbits') ?? '32';
  if (bits !== '32' && bits !== '64') throw formatError(msg('stardict.offsetBits', { name, bits }));
  return {
    version: kv.get('version') ?? '',
    bookname: kv.get('bookname') ?? '',
    wordcount: int('wordcount', true),
    synwordcount: int('synwordcount', false),
    idxfilesize: int('idxfilesize', false),
    offsetBits: bits === '64' ? 64 : 32,
    sametypesequence: kv.get('sametypesequence') ?? '',
    description: kv.get('description') ?? '',
    website: kv.get('website') ?? '',
    author: kv.get('author') ?? '',
  };
}

/** Types whose data is text we show as the definition; `t` (phonetic) and `y` (kana/pinyin) go to the reading. */
const TEXT_TYPES = new Set(['m', 'l', 'g', 'x', 'k', 'w', 'h', 'n']);
const READING_TYPES = new Set(['t', 'y']);

interface Article {
  definition: string;
  reading: string;
}

function addPart(out: { texts: string[]; readings: string[] }, type: string, data: Uint8Array) {
  if (TEXT_TYPES.has(type)) out.texts.push(utf8.decode(data));
  else if (READING_TYPES.has(type)) out.readings.push(utf8.decode(data));
  // 'r' (resource list) and upper-case binary types (W sound, P picture, X reserved) carry nothing to show.
}

/** Splits one .dict article into typed parts, with or without sametypesequence. */
function readArticle(data: Uint8Array, sequence: string, word: string): Article {
  // Fast path for the common one-type dictionaries: the whole article is the text.
  if (sequence.length === 1 && TEXT_TYPES.has(sequence)) return { definition: utf8.decode(data), reading: '' };
  const out = { texts: [] as string[], readings: [] as string[] };
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let pos = 0;
  const bad = () => formatError(msg('stardict.badArticle', { word }));
  const readPart = (type: string, last: boolean) => {
    if (type >= 'a' && type <= 'z') {
      let end = last ? data.length : data.indexOf(0, pos);
      if (end < 0) end = data.length; // tolerate a missing terminator on the final part
      addPart(out, type, data.subarray(pos, end));
      pos = Math.min(data.length, end + 1);
    } else if (type >= 'A' && type <= 'Z') {
      if (last) {
        addPart(out, type, data.subarray(pos));
        pos = data.length;
        return;
      }
      if (pos + 4 > data.length) throw bad();
      const size = view.getUint32(pos);
      if (pos + 4 + size > data.length) throw bad();
      addPart(out, type, data.subarray(pos + 4, pos + 4 + size));
      pos += 4 + size;
    } else throw bad();
  };
  if (sequence) {
    for (let i = 0; i < sequence.length; i++) readPart(sequence[i], i === sequence.length - 1);
  } else {
    while (pos < data.length) {
      const type = String.fromCharCode(data[pos++]);
      readPart(type, false);
    }
  }
  return { definition: out.texts.join('\n'), reading: out.readings.join(', ') };
}

/**
 * Reads a bundle into `into` (a new dictionary when omitted). Malformed structure (a truncated .idx,
 * an offset past the end of the .dict) throws: the import stops before anything is written.
 */
export function parseStarDict(files: StarDictFiles, into: ParsedDictionary = emptyDictionary('stardict'), budget?: StoredBudget): ParsedDictionary {
  const info = parseIfo(files.ifo, `${files.name}.ifo`);
  const { idx, dict } = files;
  if (info.idxfilesize && idx.length < info.idxfilesize) {
    throw formatError(msg('stardict.idxShort', { name: files.name, size: idx.length, announced: info.idxfilesize }));
  }
  const view = new DataView(idx.buffer, idx.byteOffset, idx.byteLength);
  const offsetBytes = info.offsetBits / 8;
  const first = into.entries.length;
  let pos = 0;
  while (pos < idx.length) {
    const nul = idx.indexOf(0, pos);
    if (nul < 0 || nul + 1 + offsetBytes + 4 > idx.length) {
      throw formatError(msg('stardict.idxEntryShort', { name: files.name, entry: into.entries.length - first + 1 }));
    }
    const word = utf8.decode(idx.subarray(pos, nul));
    const offset = offsetBytes === 8 ? Number(view.getBigUint64(nul + 1)) : view.getUint32(nul + 1);
    const size = view.getUint32(nul + 1 + offsetBytes);
    pos = nul + 1 + offsetBytes + 4;
    if (offset + size > dict.length) {
      throw formatError(msg('stardict.pastEnd', { name: files.name, word, offset: String(offset), size: String(size), length: String(dict.length) }));
    }
    // .idx entries may all point at one large region of the .dict: an article over the per-definition limit
    // is skipped without decoding it, and the total decoded is charged against the upload's budget.
    if (size > ENTRY_LIMITS.definitionChars * 3) {
      // A placeholder keeps .syn indexes aligned; storing skips it as definition_too_long.
      into.entries.push({ term: word, definition: TOO_LONG_PLACEHOLDER, reading: '', partOfSpeech: '', frequencyRank: null });
      continue;
    }
    if (budget) {
      budget.used += size + word.length;
      if (budget.used > budget.total) throw amplificationError(budget.total);
    }
    const article = readArticle(dict.subarray(offset, offset + size), info.sametypesequence, word);
    into.entries.push({ term: word, definition: article.definition, reading: article.reading, partOfSpeech: '', frequencyRank: null });
  }
  const count = into.entries.length - first;
  if (count < info.wordcount) throw formatError(msg('stardict.idxFewer', { name: files.name, count, announced: info.wordcount }));

  if (files.syn) parseSyn(files.syn, files.name, first, count, into);
  into.meta.title ??= info.bookname || undefined;
  into.meta.description ??= info.description || undefined;
  into.meta.website ??= info.website || undefined;
  return into;
}

/** .syn: NUL-terminated word + 32-bit index of the .idx entry it leads to. */
function parseSyn(syn: Uint8Array, name: string, first: number, count: number, into: ParsedDictionary) {
  const view = new DataView(syn.buffer, syn.byteOffset, syn.byteLength);
  let pos = 0;
  while (pos < syn.length) {
    const nul = syn.indexOf(0, pos);
    if (nul < 0 || nul + 5 > syn.length) throw formatError(msg('stardict.synShort', { name }));
    const word = utf8.decode(syn.subarray(pos, nul));
    const index = view.getUint32(nul + 1);
    pos = nul + 5;
    if (index >= count) {
      into.skippedSynonyms++;
      continue;
    }
    into.synonyms.push({ term: word, entryIndex: first + index });
  }
}
