// Runs in: renderer. One word of a "Words to learn" or "Next words" list: checkbox, count (or frequency rank),
// family, learning badge, local-dictionary translation and first sentence with the word in bold.
import type { CoverageWord } from '../../../src-shared/contract/books';
import { formatNumber, t } from '../../lib/i18n';

/** A first sentence with its {braced} occurrence shown in bold. */
function Sentence({ text }: { text: string }) {
  const parts = text.split(/\{([^}]*)\}/);
  return <span>{parts.map((p, i) => (i % 2 === 1 ? <b key={i}>{p}</b> : p))}</span>;
}

/** `rank`: the word's rank in a frequency list (the Next words page), shown before its count in the library. */
export function WordRow({ word, checked, onToggle, rank }: { word: CoverageWord; checked: boolean; onToggle(): void; rank?: number }) {
  return (
    <li className="coverage-word">
      <label>
        <input type="checkbox" checked={checked} onChange={onToggle} disabled={word.status !== null} />
        {rank !== undefined && (
          <span className="muted mono small" title={t('nextWords.rankTitle')}>
            #{formatNumber(rank)}
          </span>
        )}
        <span className="coverage-word-text">{word.word}</span>
        {word.lemma && word.lemma !== word.word && <span className="muted small">{t('coverage.family', { lemma: word.lemma })}</span>}
        <span className="muted mono small" title={t(rank !== undefined ? 'nextWords.countTitle' : 'coverage.countTitle', { count: word.count })}>
          ×{formatNumber(word.count)}
        </span>
        {word.status !== null && <span className="coverage-badge small">{t('coverage.learning', { status: word.status })}</span>}
        {word.translation && <span className="coverage-translation">{word.translation}</span>}
      </label>
      {word.sentence && (
        <div className="coverage-sentence small muted">
          <Sentence text={word.sentence} />
        </div>
      )}
    </li>
  );
}
