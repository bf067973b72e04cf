// Runs in: renderer. /review: review the due terms of a language, a text (?text=) or a selection (?selection=1,2,3)
// as cards (term → translation, translation → term, cloze) or as a table. Keys: Space reveal, 1-5 / I / W answer,
// ↑/↓ one status up or down, T table. The session's state and keys live in useReviewSession beside it.

import { Link } from '../../lib/router';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { EmptyState, Page, ProgressBar, Spinner } from '../../components/Page';
import { ReviewCardView } from './ReviewCardView';
import { ReviewTable } from './ReviewTable';
import './review.css';
import { useReviewSession, type View } from './useReviewSession';
import { ReviewDone } from './ReviewDone';
import { t, type MessageKey } from '../../lib/i18n';

const VIEWS: { id: View; label: MessageKey }[] = [
  { id: 'term-to-translation', label: 'review.termTranslation' },
  { id: 'translation-to-term', label: 'review.translationTerm' },
  { id: 'cloze', label: 'review.sentenceCloze' },
  { id: 'table', label: 'review.table' },
];

export default function ReviewPage() {
  const r = useReviewSession();
  const { config, view, practice, next, card, onCards, session, reviewed, error } = r;

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
          onChange={(e) => r.chooseLanguage(e.target.value)}
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
              onClick={() => r.chooseView(v.id)}
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
        <ReviewTable scope={session} onAnswered={r.countAnswered} />
      ) : !next ? (
        <Spinner />
      ) : next.done ? (
        <ReviewDone
          next={next}
          reviewed={reviewed}
          practising={practice !== null}
          all={(session as { all?: boolean }).all === true}
          config={config}
          onPractise={() => void r.startPractice()}
        />
      ) : (
        card && <ReviewCardView key={card.WoID} card={card} revealed={r.revealed} busy={r.busy} onReveal={r.reveal} onAnswer={(s) => void r.answer(s)} />
      )}
      {onCards && card && <p className="review-keys-help">{t('review.spaceShowAnswer1')}</p>}
    </Page>
  );
}
