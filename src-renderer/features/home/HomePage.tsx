// Runs in: renderer. Home dashboard: today's counts, the streak, reviews due, "continue reading" and the last 30 days.
import { useEffect, useState } from 'react';
import type { ActivityDashboard } from '../../../src-shared/contract/statistics';
import { api, errorMessage } from '../../api/client';
import { Link } from '../../lib/router';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { EmptyState, Page, ProgressBar, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { ActivityChart, Legend, StatTile } from '../statistics/charts';
import '../statistics/statistics.css';
import { formatDate, t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

export default function HomePage() {
  const languages = useApp((s) => s.languages);
  const [dash, setDash] = useState<ActivityDashboard | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    api
      .call('activity.dashboard', {})
      .then(setDash)
      .catch((err: unknown) => setError(errorMessage(err)));
  }, []);

  if (languages.length === 0) {
    return (
      <Page title={t('home.welcome')} subtitle={t('home.welcomeSubtitle')}>
        <NoLanguageYet title={t('home.startWithLanguage')}>{t('home.startWithLanguageBody')}</NoLanguageYet>
      </Page>
    );
  }
  if (error)
    return (
      <Page title={t('home.title')}>
        <EmptyState title={t('home.loadFailed')}>{error}</EmptyState>
      </Page>
    );
  if (!dash)
    return (
      <Page title={t('home.title')}>
        <Spinner />
      </Page>
    );

  const { today, streak, continueReading: cont } = dash;
  const dueLanguages = dash.languages.filter((l) => l.dueToday > 0);
  return (
    <Page title={t('home.title')} subtitle={greeting(streak.current, streak.activeToday)}>
      <div className="stat-grid">
        <StatTile label={t('home.streak')} tone="fire" value={t('home.days', { count: streak.current })} hint={t('home.best', { count: streak.best })} />
        <StatTile
          label={t('home.termsCreatedToday')}
          tone="accent"
          value={today.termsCreated}
          hint={today.markedKnown + today.markedIgnored > 0 ? t('home.markedToday', { known: today.markedKnown, ignored: today.markedIgnored }) : undefined}
        />
        <StatTile label={t('home.termsReviewedToday')} value={today.termsReviewed} />
        <StatTile label={t('home.textsReadToday')} value={today.textsRead} />
      </div>

      <div className="two-col">
        <section className="card" aria-labelledby="continue-title">
          <div className="card-header">
            <h2 id="continue-title">{t('home.continueReading')}</h2>
            <Link className="btn btn-small btn-ghost" to="/texts">
              {t('nav.library')}
            </Link>
          </div>
          {cont ? (
            <div className="continue-card">
              <div className="grow">
                <div className="continue-title">{cont.TxTitle}</div>
                <div className="muted">{t('home.opened', { language: cont.LgName, date: formatDate(cont.TxOpenedAt) })}</div>
                {cont.progress !== null && <ProgressBar value={cont.progress} label={t('home.read')} />}
              </div>
              <Link className="btn btn-primary" to={`/read/${cont.TxID}`}>
                {t('home.continue')}
              </Link>
            </div>
          ) : null}
          {/* The other texts opened last, each opening at its saved position. */}
          {dash.recentTexts.some((r) => r.TxID !== cont?.TxID) && (
            <ul className="recent-texts" aria-label={t('home.continueReading')}>
              {dash.recentTexts
                .filter((r) => r.TxID !== cont?.TxID)
                .map((r) => (
                  <li key={r.TxID}>
                    <div className="grow">
                      <Link to={`/read/${r.TxID}`} className="recent-title">
                        {r.TxTitle}
                      </Link>
                      <div className="muted small">{t('home.opened', { language: r.LgName, date: formatDate(r.TxOpenedAt) })}</div>
                    </div>
                    {r.progress !== null && <ProgressBar value={r.progress} label={t('home.read')} />}
                  </li>
                ))}
            </ul>
          )}
          {!cont && dash.recentTexts.length === 0 && (
            <p className="muted">
              {tr('home.nothingOpen', { add: <Link to="/texts/new">{t('home.addText')}</Link>, library: <Link to="/texts">{t('home.libraryLink')}</Link> })}
            </p>
          )}
        </section>

        <section className="card" aria-labelledby="due-title">
          <div className="card-header">
            <h2 id="due-title">{t('home.review')}</h2>
          </div>
          {dueLanguages.length === 0 ? (
            <p className="muted">{t('home.nothingDue')}</p>
          ) : (
            <ul className="due-list">
              {dueLanguages.map((l) => (
                <li key={l.LgID}>
                  <span>{tr('home.dueIn', { count: <strong>{l.dueToday}</strong>, language: l.LgName }, l.dueToday)}</span>
                  <Link className="btn btn-small btn-primary" to={`/review?lang=${l.LgID}`}>
                    {t('home.reviewAction')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="recent-title" style={{ marginTop: 18 }}>
        <div className="card-header">
          <h2 id="recent-title">{t('home.last30')}</h2>
          <Link className="btn btn-small btn-ghost" to="/profile/statistics">
            {t('home.allStatistics')}
          </Link>
        </div>
        <ActivityChart days={dash.recent} height={150} />
        <Legend />
      </section>
    </Page>
  );
}

function greeting(streak: number, activeToday: boolean): string {
  if (streak === 0) return t('home.streakStart');
  if (!activeToday) return t('home.streakWaiting', { count: streak });
  return t('home.streakDay', { count: streak });
}
