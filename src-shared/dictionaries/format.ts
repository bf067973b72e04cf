// Runs in: any process. Which importer an upload goes to, decided by its original file name (SPEC rule 9).
import { formatError } from './types';
import { msg } from '../contract/messages';

export type UploadFormat = 'csv' | 'tsv' | 'json' | 'zip' | 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz';

const BY_SUFFIX: [string, UploadFormat][] = [
  ['.tar.gz', 'tar.gz'],
  ['.tgz', 'tar.gz'],
  ['.tar.bz2', 'tar.bz2'],
  ['.tbz2', 'tar.bz2'],
  ['.tar.xz', 'tar.xz'],
  ['.txz', 'tar.xz'],
  ['.tar', 'tar'],
  ['.zip', 'zip'],
  ['.csv', 'csv'],
  ['.tsv', 'tsv'],
  ['.tab', 'tsv'],
  ['.json', 'json'],
];

/** Parts of a StarDict bundle that only make sense together, inside an archive. */
const BUNDLE_PARTS = ['.ifo', '.idx', '.idx.gz', '.dict', '.dict.dz', '.syn', '.syn.dz'];

export const ACCEPTED_EXTENSIONS = ['.csv', '.tsv', '.json', '.zip', '.tar.gz', '.tgz', '.tar.bz2', '.tar.xz'] as const;

export const INVALID_FORMAT = 'Invalid file format';

/** The upload's format, or an error: `Invalid file format`, with a specific hint for bundle parts. */
export function detectUploadFormat(filename: string): UploadFormat {
  const name = filename.trim().toLowerCase();
  for (const [suffix, format] of BY_SUFFIX) if (name.endsWith(suffix)) return format;
  if (name.endsWith('.ifo')) {
    throw formatError(msg('dict.ifoAlone'));
  }
  if (BUNDLE_PARTS.some((p) => name.endsWith(p))) {
    throw formatError(msg('dict.bundlePart'));
  }
  throw formatError(msg('dict.invalidFormat', { extensions: ACCEPTED_EXTENSIONS.join(', ') }));
}

export const isArchiveFormat = (f: UploadFormat): boolean => f === 'zip' || f.startsWith('tar');
