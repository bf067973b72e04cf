// Runs in: renderer. /review: review the due terms of a language, a text (?text=) or a selection (?selection=1,2,3)
// as cards (term → translation, translation → term, cloze) or as a table. Keys: Space reveal, 1-5 / I / W answer,
// ↑/↓ one status up or down, T table.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NextWordResult, ReviewConfig, ReviewMode } from '../../../src-shared/contract/review';
import { api, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { Link, navigate, useQuery } from '../../lib/router';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { EmptyState, Page, ProgressBar, Spinner } from '../../components/Page';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { ReviewCardView } from './ReviewCardView';
import { ReviewTable } from './ReviewTable';
import { answerKeys, stepStatus } from './statusKeys';
import './review.css';
import { useCall } from '../../lib/useCall';
import { currentLocale, t, type MessageKey } from '../../lib/i18n';

type View = ReviewMode | 'table';
const VIEWS: { id: View; label: MessageKey }[] = [
  { id: 'term-to-translation', label: 'review.termTranslation' },
  { id: 'translation-to-term', label: 'review.translationTerm' },
  { id: 'cloze', label: 'review.sentenceCloze' },
  { id: 'table', label: 'review.table' },
];

export default function ReviewPage() {
  const query = useQuery();
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const saveSetting = useApp((s) => s.saveSetting);
  const scope = useMemo<Record<string, string>>(() => {
    for (const key of ['text', 'selection', 'term_id', 'lang']) {
      const v = query.get(key);
      if (v) return { [key]: v };
    }
    return currentLanguageId ? { lang: String(currentLanguageId) } : {};
  }, [query.toString(), currentLanguageId]); // eslint-disable-line react-hooks/exhaustive-deps
  const scopeKey = JSON.stringify(scope);

  const [config, setConfig] = useState<ReviewConfig | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [practice, setPractice] = useState<{ since: number } | null>(null);
  const [loaded, setLoaded] = useState<{ result: NextWordResult; mode: ReviewMode } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [reviewed, setReviewed] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const mode: ReviewMode = view && view !== 'table' ? view : (config?.mode ?? 'term-to-translation');
  // The card asked for in another mode is not shown while the new mode's card is on its way: a key pressed
  // meanwhile would act on a card about to be replaced (and its reveal would be lost).
  const next = loaded && loaded.mode === mode ? loaded.result : null;
  const session = useMemo(() => ({ ...scope, ...(practice ? { all: true, since: practice.since } : {}) }), [scopeKey, practice]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setConfig(null);
    setLoaded(null);
    setReviewed(0);
    setPractice(null);
    setError('');
    api
      .call('review.config', scope)
      .then((c) => {
        setConfig(c);
        setView((v) => v ?? c.mode);
        // "Review this text's terms" from an empty state: every learning term of the text, due or not.
        if (query.get('all') === '1') setPractice({ since: c.now });
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [scopeKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // Only the newest request's answer is shown: on a change of scope the previous scope's request (still with
  // the old config) can answer after the new one and would put its card or its "done" over the right one.
  const latestNext = useRef(0);
  const loadNext = useCallback(async () => {
    if (!config?.scope) return;
    const request = ++latestNext.current;
    try {
      const n = await api.call('review.nextWord', { ...session, mode });
      if (request !== latestNext.current) return;
      setLoaded({ result: n, mode });
      setRevealed(false);
    } catch (err) {
      if (request === latestNext.current) setError(errorMessage(err));
    }
  }, [config, session, mode]);

  useEffect(() => {
    if (view !== 'table') void loadNext();
  }, [loadNext, view]);

  const answer = useCallback(
    async (status: number) => {
      if (!next || next.done || busy) return;
      setBusy(true);
      try {
        await api.call('review.setStatus', { term_id: next.term.WoID, status, mode: next.term.mode });
        setReviewed((r) => r + 1);
        await loadNext();
      } catch (err) {
        showError(err);
      } finally {
        setBusy(false);
      }
    },
    [next, busy, loadNext],
  );

  const card = next && !next.done ? next.term : null;
  const onCards = view !== 'table';
  // Card keys act on the card on screen; in table mode only T (back to cards) is live.
  const active = onCards ? card : null;
  useHotkeys({
    ' ': () => active && setRevealed(true),
    Enter: () => active && setRevealed(true),
    ...Object.fromEntries(answerKeys().map((k) => [k.key, () => active && void answer(k.status)])),
    ArrowUp: () => active && void answer(stepStatus(active.WoStatus, 1)),
    ArrowDown: () => active && void answer(stepStatus(active.WoStatus, -1)),
    t: () => chooseView(view === 'table' ? (config?.mode ?? 'term-to-translation') : 'table'),
  });

  function chooseView(v: View) {
    setView(v);
    if (v !== 'table' && v !== config?.mode) void saveSetting('reviewMode', v);
  }

  async function startPractice() {
    try {
      const c = await api.call('review.config', scope);
      setPractice({ since: c.now });
      setReviewed(0);
    } catch (err) {
      showError(err);
    }
  }

  const chooseLanguage = (id: string) => navigate(`/review?lang=${id}`, { replace: true });

  if (error)
    return (
      <Page title={t('review.review')}>
        <EmptyState
          title={t('review.reviewIsNotAvailable')}
          action={
            <Link className="btn" to="/review">
              {t('review.backToReview')}
            </Link>
          }
        >
          {error}
        </EmptyState>
      </Page>
    );
  if (!config)
    return (
      <Page title={t('review.review')}>
        <Spinner />
      </Page>
    );
  if (config.languages.length === 0) {
    return (
      <Page title={t('review.review')}>
        <NoLanguageYet title={t('review.nothingToReviewYet')}>{t('review.addALanguageRead')}</NoLanguageYet>
      </Page>
    );
  }

  const remaining = next && !next.done ? next.remaining : 0;
  const total = reviewed + remaining;
  const scopeLabel =
    config.scope?.kind === 'text'
      ? t('review.scopeText', { title: config.scope.title })
      : config.scope?.kind === 'selection'
        ? t('review.scopeSelected', { count: config.scope.termIds.length })
        : (config.language?.LgName ?? '');
  return (
    <Page
      title={t('review.review')}
      subtitle={`${scopeLabel} · ${t('review.dueToday', { count: config.counts.dueToday })}${practice ? t('review.practising') : ''}`}
      actions={
        <select
          className="input"
          aria-label={t('review.language')}
          value={config.scope?.kind === 'language' ? String(config.scope.languageId) : ''}
          onChange={(e) => chooseLanguage(e.target.value)}
        >
          {config.scope?.kind !== 'language' && <option value="">{scopeLabel}</option>}
          {config.languages.map((l) => (
            <option key={l.LgID} value={l.LgID}>
              {t('review.languageDue', { language: l.LgName, count: l.due })}
            </option>
          ))}
        </select>
      }
    >
      <div className="review-toolbar">
        <div className="segmented" role="tablist" aria-label={t('review.testMode')}>
          {VIEWS.map((v) => (
            <button
              key={v.id}
              role="tab"
              aria-selected={view === v.id}
              className={`btn btn-small${view === v.id ? ' btn-primary' : ''}`}
              onClick={() => chooseView(v.id)}
            >
              {t(v.label)}
            </button>
          ))}
        </div>
        {onCards && total > 0 && (
          <div className="review-progress">
            <span className="review-progress-text" aria-live="polite">
              {t('review.progressCounts', { done: reviewed, left: remaining >= 500 ? '500+' : remaining })}
            </span>
            <ProgressBar value={total ? reviewed / total : 0} name={t('review.progress')} />
          </div>
        )}
      </div>

      {view === 'table' ? (
        <ReviewTable scope={session} onAnswered={() => setReviewed((r) => r + 1)} />
      ) : !next ? (
        <Spinner />
      ) : next.done ? (
        <EmptyState
          title={reviewed > 0 ? t('review.done', { count: reviewed }) : t((session as { all?: boolean }).all ? 'review.nothingLeft' : 'review.nothingDue')}
          action={
            <div className="review-done-actions">
              {!practice && config.counts.learning > 0 && (
                <button className="btn" onClick={() => void startPractice()}>
                  {config.scope?.kind === 'text' ? t('review.reviewTextTerms') : t('review.practiseAnyway')}
                </button>
              )}
              {config.scope?.kind === 'language' && <LastTextOffer languageId={config.scope.languageId} />}
              <Link className="btn btn-primary" to="/">
                {t('review.home')}
              </Link>
            </div>
          }
        >
          {next.tomorrow > 0
            ? t('review.dueTomorrow', { count: next.tomorrow })
            : next.nextDue
              ? t('review.nextDue', { count: next.nextDue.count, day: formatDueDay(next.nextDue.date) })
              : t('review.noTermsAreBeing')}
        </EmptyState>
      ) : (
        card && <ReviewCardView card={card} revealed={revealed} busy={busy} onReveal={() => setRevealed(true)} onAnswer={(s) => void answer(s)} />
      )}
      {onCards && card && <p className="review-keys-help">{t('review.spaceShowAnswer1')}</p>}
    </Page>
  );
}

/** "Tuesday 17 March" for a day key (YYYY-MM-DD). */
function formatDueDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(currentLocale(), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** On an empty language review: the text read last in that language, to go over its terms (due or not). */
function LastTextOffer({ languageId }: { languageId: number }) {
  const { data } = useCall('texts.list', { language: languageId, sort: 'opened', perPage: 1, chapters: 'show' }, [languageId], { toastErrors: false });
  const last = data?.items[0];
  if (!last || last.TxOpenedAt === null) return null;
  return (
    <Link className="btn" to={`/review?text=${last.TxID}&all=1`} title={t('review.lastTextTitle', { title: last.TxTitle })}>
      {t('review.reviewTextTermsOf', { title: last.TxTitle })}
    </Link>
  );
}
