// Runs in: renderer. The reader header's coverage of the open text (issue 50): the known share of its running words
// and how many words stand between the learner and 95 % of them, as they stood when the text was opened. Inline in
// the header's one-line subtitle (nowrap, ellipsis): the line keeps its height while the figure loads.
import { formatPercent, t } from '../../lib/i18n';
import { useCall } from '../../lib/useCall';

export function TextCoverage({ textId }: { textId: number }) {
  const coverage = useCall('books.textCoverage', { id: textId, limit: 1 }).data;
  if (!coverage || coverage.words === 0) return null;
  return (
    <span data-testid="text-coverage" title={t('reader.coverageTitle', { known: coverage.known, words: coverage.words })}>
      {' · '}
      {coverage.n95 === 0
        ? t('reader.coverageReached', { pct: formatPercent(coverage.known_pct) })
        : t('reader.coverage', { pct: formatPercent(coverage.known_pct), count: coverage.n95 })}
    </span>
  );
}
