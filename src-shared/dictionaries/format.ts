// Runs in: any process. Which importer an upload goes to, decided by its original file name (SPEC rule 9).
import { formatError } from './types';

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
    throw formatError(
      `${INVALID_FORMAT}: a .ifo file is only the description of a StarDict dictionary. Upload an archive (.zip, .tar.gz, .tar.bz2 or .tar.xz) holding the whole bundle: the .ifo, .idx (or .idx.gz) and .dict (or .dict.dz) files, plus the .syn file if there is one.`,
    );
  }
  if (BUNDLE_PARTS.some((p) => name.endsWith(p))) {
    throw formatError(
      `${INVALID_FORMAT}: this is one part of a StarDict dictionary. Upload an archive (.zip, .tar.gz, .tar.bz2 or .tar.xz) holding the whole bundle (.ifo, .idx and .dict files).`,
    );
  }
  throw formatError(`${INVALID_FORMAT}. Lectio imports ${ACCEPTED_EXTENSIONS.join(', ')} files (StarDict bundles and Yomitan dictionaries inside archives).`);
}

export const isArchiveFormat = (f: UploadFormat): boolean => f === 'zip' || f.startsWith('tar');
