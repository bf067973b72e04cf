// Runs in: renderer. Home dashboard: today's counts, the streak, reviews due, "continue reading" and the last 30 days.
import { useEffect, useState } from 'react';
import type { ActivityDashboard } from '../../../src-shared/contract/activity';
import { api, errorMessage } from '../../api/client';
import { Link } from '../../lib/router';
import { EmptyState, Page, ProgressBar, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { ActivityChart, Legend, StatTile } from '../stats/charts';
import '../stats/stats.css';
import { countOf } from '../../lib/plural';

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
      <Page title="Welcome to Lectio" subtitle="Learn languages by reading what you love.">
        <EmptyState
          title="Start with a language"
          action={
            <Link className="btn btn-primary" to="/languages/new">
              Add a language
            </Link>
          }
        >
          Pick the language you are learning; Lectio sets up how its texts are split into words.
        </EmptyState>
      </Page>
    );
  }
  if (error)
    return (
      <Page title="Home">
        <EmptyState title="The dashboard could not be loaded">{error}</EmptyState>
      </Page>
    );
  if (!dash)
    return (
      <Page title="Home">
        <Spinner />
      </Page>
    );

  const { today, streak, continueReading: cont } = dash;
  const dueLanguages = dash.languages.filter((l) => l.dueToday > 0);
  return (
    <Page title="Home" subtitle={greeting(streak.current, streak.activeToday)}>
      <div className="stat-grid">
        <StatTile label="Streak" tone="fire" value={`${countOf(streak.current, 'day', 'days')}`} hint={`Best: ${streak.best}`} />
        <StatTile
          label="Terms created today"
          tone="accent"
          value={today.termsCreated}
          hint={today.markedKnown + today.markedIgnored > 0 ? `+ ${today.markedKnown} marked known, ${today.markedIgnored} marked ignored` : undefined}
        />
        <StatTile label="Terms reviewed today" value={today.termsReviewed} />
        <StatTile label="Texts read today" value={today.textsRead} />
      </div>

      <div className="two-col">
        <section className="card" aria-labelledby="continue-title">
          <div className="card-header">
            <h2 id="continue-title">Continue reading</h2>
            <Link className="btn btn-small btn-ghost" to="/texts">
              Library
            </Link>
          </div>
          {cont ? (
            <div className="continue-card">
              <div className="grow">
                <div className="continue-title">{cont.TxTitle}</div>
                <div className="muted">
                  {cont.LgName} · opened {new Date(cont.TxOpenedAt).toLocaleDateString()}
                </div>
                {cont.progress !== null && <ProgressBar value={cont.progress} label="Read" />}
              </div>
              <Link className="btn btn-primary" to={`/read/${cont.TxID}`}>
                Continue
              </Link>
            </div>
          ) : (
            <p className="muted">
              Nothing open right now. <Link to="/texts/new">Add a text</Link> or pick one from the <Link to="/texts">library</Link>.
            </p>
          )}
        </section>

        <section className="card" aria-labelledby="due-title">
          <div className="card-header">
            <h2 id="due-title">Review</h2>
          </div>
          {dueLanguages.length === 0 ? (
            <p className="muted">Nothing is due today.</p>
          ) : (
            <ul className="due-list">
              {dueLanguages.map((l) => (
                <li key={l.LgID}>
                  <span>
                    <strong>{l.dueToday}</strong> due in {l.LgName}
                  </span>
                  <Link className="btn btn-small btn-primary" to={`/review?lang=${l.LgID}`}>
                    Review
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="recent-title" style={{ marginTop: 18 }}>
        <div className="card-header">
          <h2 id="recent-title">Last 30 days</h2>
          <Link className="btn btn-small btn-ghost" to="/profile/statistics">
            All statistics
          </Link>
        </div>
        <ActivityChart days={dash.recent} height={150} />
        <Legend />
      </section>
    </Page>
  );
}

function greeting(streak: number, activeToday: boolean): string {
  if (streak === 0) return 'Read a little today to start a streak.';
  if (!activeToday) return `Your ${streak}-day streak is waiting for today's reading.`;
  return `Day ${streak} of your streak. Well done.`;
}
