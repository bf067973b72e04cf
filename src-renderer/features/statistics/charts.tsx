// Runs in: renderer. Small SVG charts for activity: daily bars, the calendar heat map, status bars, stat tiles.
// Drawn by hand: three simple shapes do not justify a chart library in the bundle.
// Long because: a chart set. Daily bars, the calendar heat map, status bars and tiles share one series table,
// its scales and the day helpers; split, each file would import the others' pieces.
import type { ReactNode } from 'react';
import type { CalendarDay } from '../../../src-shared/activity/streak';
import { parseDayKey, weekday } from '../../../src-shared/activity/day';
import type { LanguageStatusCounts } from '../../../src-shared/contract/statistics';
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import { formatDate, formatNumber, t, type MessageKey } from '../../lib/i18n';
import { statusName } from '../../lib/i18n/status';

const utcOf = (p: { year: number; month: number; day: number }) => Date.UTC(p.year, p.month - 1, p.day);
/** "Mon" / "lun": weekday 0 = Monday, in the interface language (5 January 2026 was a Monday). */
const weekdayName = (i: number) => formatDate(Date.UTC(2026, 0, 5 + i), { weekday: 'short', timeZone: 'UTC' });
/** "Nov" / "nov": the month of a day key, in the interface language. */
const monthName = (key: string) => {
  const p = parseDayKey(key);
  return p ? formatDate(utcOf(p), { month: 'short', timeZone: 'UTC' }) : '';
};
export const formatDay = (key: string) => {
  const p = parseDayKey(key);
  return p ? formatDate(utcOf(p), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : key;
};

export interface Series {
  key: 'termsCreated' | 'termsReviewed' | 'textsRead' | 'markedKnown' | 'markedIgnored' | 'wordsRead' | 'readingSeconds';
  /** Catalogue key of the series' name. */
  label: MessageKey;
  className: string;
  /** Shown value from the stored one (seconds → minutes). */
  scale?: (n: number) => number;
}

export const SERIES: readonly Series[] = [
  { key: 'termsCreated', label: 'stats.termsCreated', className: 'series-created' },
  { key: 'termsReviewed', label: 'stats.termsReviewed', className: 'series-reviewed' },
  { key: 'textsRead', label: 'stats.textsRead', className: 'series-read' },
];

/**
 * The statistics page's daily bars: terms made one by one apart from those a single "All known" / "Ignore all"
 * click made, so a day of clicks does not look like a day of work (and the legend says which is which).
 */
export const DETAILED_SERIES: readonly Series[] = [
  { key: 'termsCreated', label: 'stats.termsCreatedOneBy', className: 'series-created' },
  { key: 'markedKnown', label: 'stats.markedKnownAllKnown', className: 'series-marked-known' },
  { key: 'markedIgnored', label: 'stats.markedIgnoredIgnoreAll', className: 'series-marked-ignored' },
  { key: 'termsReviewed', label: 'stats.termsReviewed', className: 'series-reviewed' },
  { key: 'textsRead', label: 'stats.textsRead', className: 'series-read' },
];

export const WORDS_SERIES: readonly Series[] = [{ key: 'wordsRead', label: 'stats.wordsRead', className: 'series-words' }];
export const MINUTES_SERIES: readonly Series[] = [
  { key: 'readingSeconds', label: 'stats.minutesOfReading', className: 'series-minutes', scale: (s) => Math.round(s / 6) / 10 },
];

const valueOf = (d: CalendarDay, s: Series) => (s.scale ? s.scale(d[s.key]) : d[s.key]);

export function StatTile({ label, value, hint, tone }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'accent' | 'fire' }) {
  return (
    <div className={`stat-tile${tone ? ` stat-${tone}` : ''}`}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {hint && <div className="stat-hint">{hint}</div>}
    </div>
  );
}

export function Legend({ series = SERIES }: { series?: readonly Series[] }) {
  return (
    <div className="chart-legend">
      {series.map((s) => (
        <span key={s.key}>
          <i className={`legend-swatch ${s.className}`} /> {t(s.label)}
        </span>
      ))}
    </div>
  );
}

/** Stacked daily bars (by default created / reviewed / read), oldest left; `goal` draws a dashed line at that value. */
export function ActivityChart({
  days,
  height = 180,
  series = SERIES,
  goal = null,
  label = t('stats.dailyActivity'),
}: {
  days: CalendarDay[];
  height?: number;
  series?: readonly Series[];
  goal?: number | null;
  label?: string;
}) {
  const sum = (d: CalendarDay) => series.reduce((n, s) => n + valueOf(d, s), 0);
  const max = Math.max(1, goal ?? 0, ...days.map(sum));
  const barW = 18;
  const gap = 6;
  const top = 14;
  const bottom = 22;
  const plotH = height - top - bottom;
  const width = days.length * (barW + gap);
  const ticks = niceTicks(max);
  return (
    // On a phone the bars keep a readable size and the chart scrolls sideways inside its card (statistics.css).
    <div className="chart-scroll">
      <svg className="activity-chart" viewBox={`-34 0 ${width + 34} ${height}`} role="img" aria-label={t('stats.chartOverDays', { label, count: days.length })}>
        {ticks.map((tm) => {
          const y = top + plotH - (tm / ticks[ticks.length - 1]) * plotH;
          return (
            <g key={tm}>
              <line className="chart-grid" x1={0} x2={width} y1={y} y2={y} />
              <text className="chart-axis" x={-8} y={y + 4} textAnchor="end">
                {tm}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const x = i * (barW + gap) + gap / 2;
          let y = top + plotH;
          const scale = plotH / ticks[ticks.length - 1];
          return (
            <g key={d.date} data-date={d.date}>
              <title>{`${formatDay(d.date)}: ${series.map((s) => `${t(s.label)} ${formatNumber(valueOf(d, s))}`).join(', ')}`}</title>
              {series.map((s) => {
                const h = valueOf(d, s) * scale;
                y -= h;
                return h > 0 ? <rect key={s.key} className={s.className} x={x} y={y} width={barW} height={h} rx={2} /> : null;
              })}
              {sum(d) === 0 && <rect className="chart-empty" x={x} y={top + plotH - 2} width={barW} height={2} />}
              {(i === 0 || i === days.length - 1 || parseDayKey(d.date)?.day === 1 || i % 7 === 0) && (
                <text className="chart-axis" x={x + barW / 2} y={height - 6} textAnchor="middle">
                  {parseDayKey(d.date)?.day === 1 ? monthName(d.date) : parseDayKey(d.date)?.day}
                </text>
              )}
            </g>
          );
        })}
        {goal !== null && goal > 0 && (
          <g className="chart-goal">
            <line x1={0} x2={width} y1={top + plotH - (goal / ticks[ticks.length - 1]) * plotH} y2={top + plotH - (goal / ticks[ticks.length - 1]) * plotH} />
            <text x={width} y={top + plotH - (goal / ticks[ticks.length - 1]) * plotH - 4} textAnchor="end">
              {t('stats.goal', { count: goal })}
            </text>
          </g>
        )}
      </svg>
    </div>
  );
}

/** Axis ticks 0, step, 2·step … up to the first tick ≥ max, with step 1, 2, 5, 10, 20, 50 … (at most 6 ticks). */
function niceTicks(max: number): number[] {
  let step = 1;
  for (let i = 0; max / step > 5; i++) step = [1, 2, 5][(i + 1) % 3] * Math.pow(10, Math.floor((i + 1) / 3));
  const out: number[] = [];
  for (let tm = 0; tm < max + step; tm += step) out.push(tm);
  return out;
}

/** GitHub-style year grid: one column per week (Monday first), one cell per day, darker = more activity. */
export function CalendarHeatmap({ days, max }: { days: CalendarDay[]; max: number }) {
  if (days.length === 0) return null;
  const cell = 13;
  const gap = 3;
  const left = 30;
  const top = 18;
  const first = days[0].date;
  const lead = (weekday(first) + 6) % 7; // Monday = row 0
  const weeks = Math.ceil((lead + days.length) / 7);
  const width = left + weeks * (cell + gap);
  const height = top + 7 * (cell + gap);
  const level = (n: number) => (n === 0 ? 0 : Math.min(4, Math.ceil((n / Math.max(1, max)) * 4)));
  const monthLabels: { x: number; label: string }[] = [];
  days.forEach((d, i) => {
    if (parseDayKey(d.date)?.day === 1 || i === 0) monthLabels.push({ x: left + Math.floor((lead + i) / 7) * (cell + gap), label: monthName(d.date) });
  });
  return (
    <div className="heatmap-wrap">
      <svg
        className="heatmap"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('stats.calendarLabel', { from: formatDay(first), to: formatDay(days[days.length - 1].date) })}
      >
        {monthLabels.map((m) => (
          <text key={`${m.label}${m.x}`} className="chart-axis" x={m.x} y={11}>
            {m.label}
          </text>
        ))}
        {[weekdayName(0), '', weekdayName(2), '', weekdayName(4), '', ''].map((l, row) =>
          l ? (
            <text key={row} className="chart-axis" x={0} y={top + row * (cell + gap) + cell - 2}>
              {l}
            </text>
          ) : null,
        )}
        {days.map((d, i) => {
          const pos = lead + i;
          return (
            <rect
              key={d.date}
              data-date={d.date}
              data-count={d.total}
              className={`heat heat-${level(d.total)}`}
              x={left + Math.floor(pos / 7) * (cell + gap)}
              y={top + (pos % 7) * (cell + gap)}
              width={cell}
              height={cell}
              rx={3}
            >
              <title>{`${formatDay(d.date)}: ${d.total === 0 ? t('stats.noActivity') : t('stats.dayHint', { created: d.termsCreated, reviewed: d.termsReviewed, read: d.textsRead })}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="heat-legend" aria-hidden="true">
        {t('stats.less')}{' '}
        {[0, 1, 2, 3, 4].map((l) => (
          <i key={l} className={`heat-swatch heat-${l}`} />
        ))}{' '}
        {t('stats.more')}
      </div>
    </div>
  );
}

/** One horizontal bar per language, segments per status in the reader's status colours. */
export function StatusBars({ languages }: { languages: LanguageStatusCounts[] }) {
  const max = Math.max(1, ...languages.map((l) => l.total));
  return (
    <div className="status-bars">
      {languages.map((l) => (
        <div className="status-bar-row" key={l.LgID}>
          <div className="status-bar-name">
            <strong>{l.LgName}</strong>
            <span>{t('stats.terms', { count: l.total })}</span>
          </div>
          <div
            className="status-bar-track"
            role="img"
            aria-label={`${l.LgName}: ${STATUS_DEFINITIONS.map((d) => `${l.byStatus[d.status] ?? 0} ${statusName(d.status)}`).join(', ')}`}
          >
            {STATUS_DEFINITIONS.map((d) => {
              const n = l.byStatus[d.status] ?? 0;
              return n > 0 ? (
                <span
                  key={d.status}
                  className={`status-seg seg-${d.status}`}
                  style={{ width: `${(n / max) * 100}%` }}
                  title={`${statusName(d.status)}: ${n}`}
                />
              ) : null;
            })}
          </div>
        </div>
      ))}
      <div className="status-legend">
        {STATUS_DEFINITIONS.map((d) => (
          <span key={d.status}>
            <i className={`legend-swatch seg-${d.status}`} /> {statusName(d.status)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The last `n` days of a calendar (for the compact chart). */
export function lastDays(days: CalendarDay[], n: number): CalendarDay[] {
  return days.slice(Math.max(0, days.length - n));
}
