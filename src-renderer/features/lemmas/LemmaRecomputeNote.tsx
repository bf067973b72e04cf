// Runs in: renderer. The Word families panel's line about the recompute of automatic lemmas after an upgrade changed
// the language's word rules (issue 47): a progress bar while the background job runs, then how many it changed.
import type { LemmaRecompute } from '../../../src-shared/contract/lemmas';
import { ProgressBar } from '../../components/Page';
import { formatDate, formatNumber, t } from '../../lib/i18n';

export function LemmaRecomputeNote({ recompute }: { recompute: LemmaRecompute | null | undefined }) {
  if (!recompute) return null;
  if (recompute.state === 'running')
    return (
      <div data-testid="lemma-recompute">
        <p className="muted">{t('lemmas.recomputeRunning', { changed: formatNumber(recompute.changed) })}</p>
        <ProgressBar value={recompute.progress} label={t('lemmas.recomputing')} />
      </div>
    );
  return (
    <p className="muted" data-testid="lemma-recompute">
      {t('lemmas.recomputeDone', { changed: formatNumber(recompute.changed), date: formatDate(recompute.finished_at ?? 0) })}
    </p>
  );
}
