// Runs in: renderer. The book page's most frequent unknown words as chips: a click adds the word to learn (asked
// first), "?" shows the look-up right under the word's line (local dictionaries, else the web dictionary).
import { Fragment } from 'react';
import type { BookDto, UnknownWord } from '../../../src-shared/contract/books';
import { t } from '../../lib/i18n';
import { useBookWords, type WordLookup } from './useBookWords';

function LookupAnswer({ lookup, onClose }: { lookup: WordLookup; onClose(): void }) {
  const { word, definitions, web } = lookup;
  return (
    // The status role sits inside the item: an <li> with another role would break the list (axe).
    <li className="word-lookup">
      <div className="word-lookup-body" role="status" aria-label={t('bookWords.answerFor', { word })}>
        <b>{word}</b>{' '}
        {definitions === null ? (
          <span className="muted">{t('bookWords.lookingUp')}</span>
        ) : definitions.length > 0 ? (
          <span>{definitions.join(' · ')}</span>
        ) : (
          <span className="muted">{t('book.notInDictionaries')}</span>
        )}
        {definitions !== null && definitions.length === 0 && (
          <>
            {' '}
            {web ? (
              <a href={web.url} target="_blank" rel="noreferrer noopener">
                {t('bookWords.openWeb', { site: web.site })}
              </a>
            ) : (
              <span className="muted">{t('bookWords.noWebDictionary')}</span>
            )}
          </>
        )}
      </div>
      <button type="button" className="btn btn-ghost btn-small word-lookup-close" onClick={onClose} aria-label={t('bookWords.close')}>
        ✕
      </button>
    </li>
  );
}

export function UnknownWords({ book, words, onAdded }: { book: BookDto; words: UnknownWord[]; onAdded(added: string[]): void }) {
  const { lookup, add, look, close } = useBookWords(book, onAdded);
  if (words.length === 0) return <p className="muted small">{t('book.noUnknown')}</p>;
  return (
    <div>
      <ul className="unknown-words">
        {words.map((w) => (
          <Fragment key={w.word}>
            <li className="unknown-word">
              <button className="unknown-word-add" onClick={() => void add([w.word])} title={t('book.addWordTitle', { word: w.word })}>
                {w.word} <span className="muted mono">{w.count}</span>
              </button>
              <button
                className="unknown-word-look"
                onClick={() => void look(w.word)}
                title={t('book.lookUpTitle', { word: w.word })}
                aria-label={t('book.lookUpLabel', { word: w.word })}
                aria-expanded={lookup?.word === w.word}
              >
                ?
              </button>
            </li>
            {/* The answer right after its word, on a line of its own (never wider than the list). */}
            {lookup?.word === w.word && <LookupAnswer lookup={lookup} onClose={close} />}
          </Fragment>
        ))}
      </ul>
      <button className="btn btn-small" onClick={() => void add(words.map((w) => w.word))} title={t('bookWords.addAllAskMessage')}>
        {t('book.addAll', { count: words.length })}
      </button>
    </div>
  );
}
