// Runs in: renderer. Term status names in the interface language (src-shared/contract/status.ts keeps the English ones,
// which the API and exports use).
import { t, type MessageKey } from './index';

/** "New", "Well known" … for a status (0 = unknown word), in the current locale. */
export function statusName(status: number): string {
  const key = `status.${status}`;
  return [0, 1, 2, 3, 4, 5, 98, 99].includes(status) ? t(key as MessageKey) : String(status);
}

/** "1" … "5", "Ign", "✓" (well known, as in Lute): the short form on buttons and chips; their tooltips name the status. */
export function statusAbbreviation(status: number): string {
  if (status === 98) return t('status.abbr98');
  if (status === 99) return t('status.abbr99');
  return String(status);
}
