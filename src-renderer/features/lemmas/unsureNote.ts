// Runs in: renderer. Why a language's automatic lemmas are only suggested (the Word families panel's note): which half
// of the measured gate (src-shared/lemmas/quality.ts) it misses, in the learner's language.
import { LEMMA_BAR, type LemmaQuality } from '../../../src-shared/lemmas/quality';
import { formatNumber, t } from '../../lib/i18n';

export function unsureNote(quality: LemmaQuality | null): string {
  const running = quality?.running;
  // Right on running text, but too many wrong answers on the random-form list: the gate's other half.
  if (running && running.accuracy >= LEMMA_BAR.minRunningAccuracy && quality.wrong_rate != null)
    return t('lemmas.autoUnsureRunningList', {
      accuracy: formatNumber(running.accuracy),
      pairs: formatNumber(quality.pairs),
      wrong: formatNumber(quality.wrong_rate),
    });
  if (running) return t('lemmas.autoUnsureRunning', { accuracy: formatNumber(running.accuracy) });
  if (quality?.accuracy != null && quality.wrong_rate != null)
    return t('lemmas.autoUnsureMeasured', {
      pairs: formatNumber(quality.pairs),
      accuracy: formatNumber(quality.accuracy),
      wrong: formatNumber(quality.wrong_rate),
    });
  return t('lemmas.autoUnsureUnmeasured');
}
