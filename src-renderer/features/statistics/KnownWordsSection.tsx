// Runs in: renderer. The statistics page's known-words curve (issue 50): how many words the learner knows (terms at
// 5 or 99) at the end of each day of the page's range, all languages or one, with the growth over the range.
// The server explains what the curve can and cannot know (src-main/modules/statistics/known-words.ts).
import { useState } from 'react';
import { LanguagePicker } from '../../components/LanguagePicker';
import { formatNumber, t } from '../../lib/i18n';
import { useCall } from '../../lib/useCall';
import { formatDay } from './charts';

const W = 640;
const H = 160;
const PAD = 28;

function Curve({ points }: { points: { date: string; known: number }[] }) {
  const max = Math.max(1, ...points.map((p) => p.known));
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, points.length - 1);
  const y = (n: number) => H - PAD - (n * (H - 2 * PAD)) / max;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.known).toFixed(1)}`).join(' ');
  const area = `${x(0)},${H - PAD} ${line} ${x(points.length - 1)},${H - PAD}`;
  const last = points[points.length - 1];
  return (
    <svg
      className="known-words-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('stats.knownWordsChart', { from: formatDay(points[0].date), to: formatDay(last.date), known: formatNumber(last.known) })}
    >
      <line className="chart-axis" x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} />
      <polygon className="known-words-area" points={area} />
      <polyline className="known-words-line" points={line} />
      <text className="chart-axis" x={PAD} y={PAD - 10}>
        {formatNumber(max)}
      </text>
      <text className="chart-axis" x={PAD} y={H - 8}>
        {formatDay(points[0].date)}
      </text>
      <text className="chart-axis" x={W - PAD} y={H - 8} textAnchor="end">
        {formatDay(last.date)}
      </text>
    </svg>
  );
}

export function KnownWordsSection({ days }: { days: number }) {
  const [language, setLanguage] = useState<number | ''>('');
  const { data } = useCall('activity.knownWords', language === '' ? { days } : { days, language_id: language }, [days, language], { keepData: true });
  const first = data?.points[0]?.known ?? 0;
  return (
    <section className="card" aria-labelledby="known-words-title">
      <div className="card-header">
        <h2 id="known-words-title">{t('stats.knownWords')}</h2>
        <LanguagePicker value={language} onChange={setLanguage} placeholder={t('library.allLanguages')} label={t('stats.knownWordsLanguage')} />
      </div>
      {data && (
        <>
          <p data-testid="known-words-summary">
            {t('stats.knownWordsNow', { count: data.total })}{' '}
            <span className="muted">{t('stats.knownWordsGrowth', { count: data.points[data.points.length - 1].known - first, days })}</span>
          </p>
          <Curve points={data.points} />
          <p className="field-hint">{t('stats.knownWordsHint')}</p>
        </>
      )}
    </section>
  );
}
