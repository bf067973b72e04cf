// Runs in: renderer. The Next words page ranked by a frequency list (issue 50): the vocabulary-size estimate (how
// many of the list's 1k, 2k, … 10k most frequent words are known) and the list's words not known yet, by rank, with
// their count and first sentence in the library; ticked words are saved as status-1 terms in one call.
import { useState } from 'react';
import type { NextWords } from '../../../src-shared/contract/books';
import { api } from '../../api/client';
import { formatNumber, t } from '../../lib/i18n';
import { CoverageActions } from '../books/CoverageActions';
import { WordRow } from '../books/CoverageWordRow';
import { useAddWords } from '../books/useAddWords';

const pct = (known: number, words: number) => (words === 0 ? 0 : Math.round((1000 * known) / words) / 10);

function Bands({ bands }: { bands: NextWords['bands'] }) {
  if (bands.length === 0) return null;
  const top = bands[bands.length - 1];
  return (
    <section className="card next-words-bands" aria-labelledby="bands-title">
      <h2 id="bands-title">{t('nextWords.bandsTitle')}</h2>
      <p data-testid="vocabulary-estimate">{t('nextWords.estimate', { known: formatNumber(top.known), words: formatNumber(top.words) })}</p>
      <ul className="next-words-band-list">
        {bands.map((b) => (
          <li key={b.upto} className="next-words-band">
            <span className="mono small">{t('nextWords.band', { upto: formatNumber(b.upto) })}</span>
            <span className="next-words-bar" role="img" aria-label={t('nextWords.bandKnown', { known: b.known, words: b.words, pct: pct(b.known, b.words) })}>
              <span style={{ width: `${pct(b.known, b.words)}%` }} />
            </span>
            <span className="small muted">
              {t('nextWords.bandKnown', { known: formatNumber(b.known), words: formatNumber(b.words), pct: pct(b.known, b.words) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `data` is the page's answer for the chosen list; `onAdded` asks it again. */
export function FrequencyWords({ language, name, data, onAdded }: { language: number; name: string; data: NextWords; onAdded(): void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const addable = data.list.filter((w) => w.status === null);
  const chosenWords = addable.filter((w) => chosen.has(w.word)).map((w) => w.word);
  const adding = useAddWords(
    (words) => api.call('books.addLanguageTerms', { id: language, words }),
    () => {
      setChosen(new Set());
      onAdded();
    },
  );
  const toggle = (word: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(word)) next.add(word);
      return next;
    });
  return (
    <>
      <Bands bands={data.bands} />
      <section className="card book-coverage" aria-labelledby="next-words-title">
        <h2 id="next-words-title">{t('nextWords.title')}</h2>
        <p className="muted small">{t('nextWords.unknownCount', { count: data.total_entries })}</p>
        {data.list.length === 0 ? (
          <p className="muted small">{t('book.noUnknown')}</p>
        ) : (
          <>
            <CoverageActions
              name={name}
              list={data.list}
              chosenCount={chosenWords.length}
              busy={adding.busy}
              onClear={() => setChosen(new Set())}
              onAdd={(toAnki) => void adding.run(chosenWords, toAnki)}
            />
            <ol className="coverage-list">
              {data.list.map((w) => (
                <WordRow key={w.word} word={w} rank={w.rank} checked={chosen.has(w.word)} onToggle={() => toggle(w.word)} />
              ))}
            </ol>
            {data.total_entries > data.list.length && (
              <p className="small muted">{t('coverage.showing', { shown: formatNumber(data.list.length), total: formatNumber(data.total_entries) })}</p>
            )}
          </>
        )}
      </section>
    </>
  );
}
