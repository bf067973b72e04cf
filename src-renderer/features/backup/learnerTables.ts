// Runs in: renderer. The tables a restore summary names, in the learner's words and order (issue 51: it listed
// internal tables — "token forms 4,701", "text tag map"). Tables of parsing, links and sessions are left out.
import { t, type MessageKey } from '../../lib/i18n';

const LEARNER_TABLES = [
  'languages',
  'texts',
  'books',
  'words',
  'review_log',
  'tags',
  'text_tags',
  'news_feeds',
  'local_dictionaries',
  'local_dictionary_entries',
  'media_files',
  'users',
] as const;

/** [label, rows] for the learner-facing tables with rows, in the order above. */
export function learnerCounts(counts: Record<string, number>): [string, number][] {
  return LEARNER_TABLES.filter((table) => (counts[table] ?? 0) > 0).map((table) => [t(`backup.table.${table}` as MessageKey), counts[table]]);
}
