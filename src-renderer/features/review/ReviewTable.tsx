// Runs in: renderer. Table mode: the due terms as rows; hide a column to test yourself, answer per row.
import { useEffect, useState, type ReactNode } from 'react';
import type { TableWord } from '../../../src-shared/contract/review';
import { api, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { EmptyState, Spinner } from '../../components/Page';
import { InlineMarkdown } from './Markdown';
import { Sentence } from './Sentence';
import { splitSentence } from '../../../src-shared/review/cloze';
import { answerKeys } from './statusKeys';
import { t } from '../../lib/i18n';

type Column = 'term' | 'translation';

export function ReviewTable({ scope, onAnswered }: { scope: Record<string, unknown>; onAnswered(): void }) {
  const [words, setWords] = useState<TableWord[] | null>(null);
  const [total, setTotal] = useState(0);
  const [hidden, setHidden] = useState<Column | null>('translation');
  const [shown, setShown] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  const scopeKey = JSON.stringify(scope);

  useEffect(() => {
    setWords(null);
    api
      .call('review.tableWords', { ...JSON.parse(scopeKey), limit: 200 })
      .then((r) => {
        setWords(r.words);
        setTotal(r.total);
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [scopeKey]);

  async function answer(w: TableWord, status: number) {
    setBusy(w.WoID);
    try {
      await api.call('review.setStatus', { term_id: w.WoID, status });
      setWords((ws) => (ws ?? []).filter((x) => x.WoID !== w.WoID));
      setTotal((tm) => tm - 1);
      onAnswered();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  if (error) return <EmptyState title={t('review.theTableCouldNot')}>{error}</EmptyState>;
  if (!words) return <Spinner />;
  if (words.length === 0) return <EmptyState title={t('review.nothingLeftInThis')}>{t('review.everyTermHereHas')}</EmptyState>;
  const cell = (w: TableWord, col: Column, content: ReactNode) =>
    hidden === col && !shown.has(w.WoID) ? (
      <button className="btn btn-small btn-ghost reveal-cell" onClick={() => setShown((s) => new Set(s).add(w.WoID))}>
        {t('review.show')}
      </button>
    ) : (
      content
    );
  return (
    <div className="review-table">
      <div className="review-table-bar">
        <span className="muted">
          {t('review.terms', { count: total })}
          {total > words.length ? `, first ${words.length} shown` : ''}
        </span>
        <div className="segmented" role="group" aria-label={t('review.hideAColumn')}>
          {(
            [
              ['term', t('review.hideTerms')],
              ['translation', t('review.hideTranslations')],
              [null, t('review.showAll')],
            ] as const
          ).map(([col, label]) => (
            <button
              key={label}
              className={`btn btn-small${hidden === col ? ' btn-primary' : ''}`}
              aria-pressed={hidden === col}
              onClick={() => {
                setHidden(col);
                setShown(new Set());
              }}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <table className="table">
        <thead>
          <tr>
            <th>{t('review.term')}</th>
            <th>{t('review.translation')}</th>
            <th>{t('review.sentence')}</th>
            <th aria-label={t('review.answer')}>{t('review.status')}</th>
          </tr>
        </thead>
        <tbody>
          {words.map((w) => (
            <tr key={w.WoID}>
              <td className="table-term">
                {cell(
                  w,
                  'term',
                  <>
                    {w.WoText}
                    {w.WoRomanization && <div className="muted">{w.WoRomanization}</div>}
                  </>,
                )}
              </td>
              <td>{cell(w, 'translation', <InlineMarkdown text={w.WoTranslation} />)}</td>
              <td className="table-sentence">
                <Sentence parts={splitSentence(w.WoSentence)} masked={hidden === 'term' && !shown.has(w.WoID)} />
              </td>
              <td>
                <div className="answer-keys compact" role="group" aria-label={t('review.statusOf', { term: w.WoText })}>
                  {answerKeys().map((k) => (
                    <button
                      key={k.status}
                      className={`answer-key answer-${k.status}${k.status === w.WoStatus ? ' current' : ''}`}
                      title={k.title}
                      disabled={busy === w.WoID}
                      onClick={() => void answer(w, k.status)}
                    >
                      {k.label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
