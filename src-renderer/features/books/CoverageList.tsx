// Runs in: renderer. "Words to learn" (issue 50) of a book (its page) or of a language's whole library (the Next
// words page): how many words stand between the learner and 95 % (98 %) of its running words, and the list in
// learning order (most running words first) with counts, translations from the local dictionaries and first
// sentences; ticked words are saved as status-1 terms in one call ("Add as terms", with sentence and translation),
// then the figures are counted again; "Add and send to Anki" also sends their terms to Anki (./useAddWords.ts).
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { Spinner } from '../../components/Page';
import { formatNumber, t } from '../../lib/i18n';
import { useCall } from '../../lib/useCall';
import { CoverageActions } from './CoverageActions';
import { WordRow } from './CoverageWordRow';
import { useAddWords } from './useAddWords';

const PAGE = 100;

/** Whose running words: a book's, or a language's whole library's; `name` names the CSV file. */
export type CoverageSource = { book: number; name: string } | { language: number; name: string };

/** `version` moves when the page's other controls saved terms: the figures are counted again. */
export function CoverageList({ source, version, onAdded }: { source: CoverageSource; version: number; onAdded(): void }) {
  const [limit, setLimit] = useState(PAGE);
  const ofBook = useCall('books.coverage', 'book' in source ? { id: source.book, limit } : null, undefined, { keepData: true });
  const ofLanguage = useCall('books.languageCoverage', 'language' in source ? { id: source.language, limit } : null, undefined, { keepData: true });
  const { data, reload } = 'book' in source ? ofBook : ofLanguage;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    reload();
  }, [version, reload]);
  const adding = useAddWords(
    (words) => ('book' in source ? api.call('books.addTerms', { id: source.book, words }) : api.call('books.addLanguageTerms', { id: source.language, words })),
    () => {
      setChosen(new Set());
      onAdded(); // the page counts again, and moves `version`: this list reloads
    },
  );

  if (!data) return <Spinner label={t('book.counting')} />;
  const addable = data.list.filter((w) => w.status === null);
  const toggle = (word: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(word)) next.add(word);
      return next;
    });
  const chooseFor95 = () =>
    setChosen(
      new Set(
        data.list
          .slice(0, data.n95)
          .filter((w) => w.status === null)
          .map((w) => w.word),
      ),
    );

  const addChosen = (toAnki: boolean) => {
    const words = addable.filter((w) => chosen.has(w.word)).map((w) => w.word);
    if (words.length > 0) void adding.run(words, toAnki);
  };

  const chosenCount = addable.filter((w) => chosen.has(w.word)).length;
  return (
    <section className="card book-coverage" aria-labelledby="coverage-title">
      <h2 id="coverage-title">{t('coverage.title')}</h2>
      <p className="coverage-figures" data-testid="coverage-figures">
        {data.n95 === 0 ? <strong>{t('coverage.already95')}</strong> : <strong>{t('coverage.learnFor95', { count: data.n95 })}</strong>}{' '}
        {data.n95_learning > 0 && <span>{t('coverage.beingLearned', { count: data.n95_learning })} </span>}
        <span>{data.n98 === 0 ? t('coverage.already98') : t('coverage.learnFor98', { count: data.n98 })}</span>{' '}
        <span className="muted">{t('coverage.knownNow', { pct: data.known_pct, words: formatNumber(data.words) })}</span>
      </p>
      {data.list.length === 0 ? (
        <p className="muted small">{t('book.noUnknown')}</p>
      ) : (
        <>
          <CoverageActions
            name={source.name}
            list={data.list}
            chosenCount={chosenCount}
            busy={adding.busy}
            onClear={() => setChosen(new Set())}
            onAdd={addChosen}
          >
            {data.n95 > 0 && (
              <button type="button" className="btn btn-small" onClick={chooseFor95}>
                {t('coverage.chooseFor95', { count: Math.min(data.n95, data.list.length) })}
              </button>
            )}
          </CoverageActions>
          <ol className="coverage-list">
            {data.list.map((w) => (
              <WordRow key={w.word} word={w} checked={chosen.has(w.word)} onToggle={() => toggle(w.word)} />
            ))}
          </ol>
          {data.total_entries > data.list.length && (
            <p className="small muted">
              {t('coverage.showing', { shown: formatNumber(data.list.length), total: formatNumber(data.total_entries) })}{' '}
              {limit < 1000 && (
                <button type="button" className="btn btn-small btn-ghost" onClick={() => setLimit((l) => Math.min(1000, l + 2 * PAGE))}>
                  {t('coverage.more')}
                </button>
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}
