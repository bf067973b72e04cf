// Runs in: any process. The last check of every dictionary import: a file whose contents do not match its name
// (prose or a web page saved as .csv, a JSON array of numbers, an archive of empty articles) parses into rows
// without a definition. Not one readable entry means it is not a dictionary: refused, never "N headwords imported".
import { formatError, type ParsedDictionary } from './types';
import { msg } from '../contract/messages';

export function refuseWithoutEntries(filename: string, dict: ParsedDictionary): ParsedDictionary {
  // A frequency-only list (Yomitan term_meta banks) has no articles and is still a dictionary.
  if (dict.frequencies.length > 0 || dict.entries.some((e) => e.term.trim() !== '' && e.definition.trim() !== '')) return dict;
  const ext = /\.[a-z0-9]+$/i.exec(filename)?.[0].toLowerCase() ?? '';
  if (dict.format === 'csv') throw formatError(msg('dict.csvNoRows', { ext: ext || '.csv' }));
  if (dict.format === 'tsv') throw formatError(msg('dict.tsvNoRows', { ext: ext || '.tsv' }));
  if (dict.format === 'json') throw formatError(msg('dict.jsonNoEntries', { ext: ext || '.json' }));
  throw formatError(msg('dict.archiveNoEntries'));
}
