// Runs in: any process. JSON glossaries: arrays of objects or of [term, definition] pairs, or objects mapping
// headwords to definitions (pyglossary's "word|alternate": definition with "##key" metadata included).
import { decodeUtf8Text } from './encoding';
import { fieldRole, type FieldRole } from './fields';
import { countSkip, emptyDictionary, formatError, type ParsedDictionary } from './types';
import { msg } from '../contract/messages';

export const JSON_DICTIONARY_MAX_BYTES = 100 * 1024 * 1024;

/** Flattens a definition value: strings as they are, lists one per line, objects by their definition-like fields. */
function definitionText(value: unknown, depth = 0): string {
  if (value === null || value === undefined || depth > 6) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((v) => definitionText(v, depth + 1))
      .filter((s) => s.trim() !== '')
      .join('\n');
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const defs = Object.entries(obj).filter(([k]) => fieldRole(k) === 'definition');
    if (defs.length)
      return defs
        .map(([, v]) => definitionText(v, depth + 1))
        .filter(Boolean)
        .join('\n');
    return Object.values(obj)
      .map((v) => definitionText(v, depth + 1))
      .filter((s) => s.trim() !== '')
      .join('\n');
  }
  return '';
}

const stringField = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? String(value)
      : Array.isArray(value)
        ? value.filter((v) => typeof v === 'string').join(', ')
        : '';

function fromObjectItem(dict: ParsedDictionary, item: Record<string, unknown>): void {
  const byRole: Partial<Record<FieldRole, unknown>> = {};
  for (const [k, v] of Object.entries(item)) {
    const role = fieldRole(k);
    if (role && byRole[role] === undefined) byRole[role] = v;
  }
  const index = dict.entries.length;
  dict.entries.push({
    term: stringField(byRole.term).trim(),
    definition: definitionText(byRole.definition).trim(),
    reading: stringField(byRole.reading).trim(),
    partOfSpeech: stringField(byRole.partOfSpeech).trim(),
    frequencyRank: null,
  });
  const alts = byRole.alternates;
  const list = Array.isArray(alts) ? alts : typeof alts === 'string' ? alts.split(',') : [];
  for (const a of list) if (typeof a === 'string' && a.trim()) dict.synonyms.push({ term: a.trim(), entryIndex: index });
}

function fromArray(dict: ParsedDictionary, items: unknown[]): void {
  for (const item of items) {
    if (Array.isArray(item)) {
      dict.entries.push({
        term: stringField(item[0]).trim(),
        definition: definitionText(item[1]).trim(),
        reading: stringField(item[2]).trim(),
        partOfSpeech: stringField(item[3]).trim(),
        frequencyRank: null,
      });
    } else if (item && typeof item === 'object') fromObjectItem(dict, item as Record<string, unknown>);
    else countSkip(dict.skipped, 'not_an_entry');
  }
}

const META_KEYS: Record<string, 'title' | 'description' | 'website' | 'license'> = {
  name: 'title',
  title: 'title',
  description: 'description',
  website: 'website',
  copyright: 'license',
  license: 'license',
};

function fromMap(dict: ParsedDictionary, map: Record<string, unknown>): void {
  const keys = Object.keys(map);
  // pyglossary writes "##name" metadata and joins alternate spellings to the headword with "|".
  const pyglossary = keys.some((k) => k.startsWith('##'));
  for (const key of keys) {
    if (pyglossary && key.startsWith('##')) {
      const meta = META_KEYS[key.slice(2).toLowerCase()];
      if (meta && typeof map[key] === 'string') dict.meta[meta] = map[key] as string;
      continue;
    }
    const [term, ...alternates] = pyglossary ? key.split('|') : [key];
    const index = dict.entries.length;
    const value = map[key];
    const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    const reading = obj ? Object.entries(obj).find(([k]) => fieldRole(k) === 'reading')?.[1] : undefined;
    const pos = obj ? Object.entries(obj).find(([k]) => fieldRole(k) === 'partOfSpeech')?.[1] : undefined;
    dict.entries.push({
      term: term.trim(),
      definition: definitionText(value).trim(),
      reading: stringField(reading).trim(),
      partOfSpeech: stringField(pos).trim(),
      frequencyRank: null,
    });
    for (const alt of alternates) if (alt.trim()) dict.synonyms.push({ term: alt.trim(), entryIndex: index });
  }
}

/** A wrapper object's list of entries: {"entries": [...]}, {"words": [...]}, … */
function wrappedList(obj: Record<string, unknown>): unknown[] | null {
  for (const key of ['entries', 'words', 'terms', 'data', 'items', 'dictionary', 'glossary', 'vocabulary']) {
    if (Array.isArray(obj[key])) return obj[key] as unknown[];
  }
  return null;
}

export function parseJsonDictionary(bytes: Uint8Array): ParsedDictionary {
  if (bytes.length > JSON_DICTIONARY_MAX_BYTES) throw formatError(msg('dict.jsonTooLarge'));
  const text = decodeUtf8Text(bytes, msg('dict.thisFile', { kind: 'JSON' }));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw formatError(msg('dict.jsonUnreadable', { why: (err as Error).message }));
  }
  const dict = emptyDictionary('json');
  if (Array.isArray(value)) fromArray(dict, value);
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const list = wrappedList(obj);
    if (list) {
      for (const k of ['title', 'name', 'description', 'license']) if (typeof obj[k] === 'string') dict.meta[META_KEYS[k]] = obj[k] as string;
      fromArray(dict, list);
    } else fromMap(dict, obj);
  } else throw formatError(msg('dict.jsonNoDictionary'));
  return dict;
}
