// Runs in: renderer. Under the word panel's lemma field: the base form Lectio's local lemma sources give for
// the clicked word (file, Hunspell, kuromoji; never the network), a button to take it, and the forms of that
// word family the learner already has. The server fills the same lemma on save when the field is left empty,
// except in a language whose automatic lemmas are unsure (measured below the bar): there the suggestion is
// marked "unsure" and only the learner's click puts it in the field.
import type { WordFamilyTerms } from '../../../src-shared/contract/lemmas';
import { useEffect } from 'react';
import { useCall } from '../../lib/useCall';
import { useLemmaSuggestion } from './useLemmaSuggestion';
import './lemmas.css';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

interface Props {
  languageId: number;
  word: string;
  /** The lemma stored with the term, if it is saved and has one. */
  stored: string | null;
  /** What the lemma field holds now. */
  typed: string;
  onUse(lemma: string): void;
  /** A trusted automatic lemma for a term without one: the panel fills it into the field (marked automatic). */
  onAutomatic?(lemma: string): void;
}

export function LemmaSuggestion({ languageId, word, stored, typed, onUse, onAutomatic }: Props) {
  const { lemma, unsure, building, loading } = useLemmaSuggestion(languageId, word, stored);
  const automatic = !stored && !unsure && !building && !loading ? lemma : null;
  useEffect(() => {
    if (automatic) onAutomatic?.(automatic);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [automatic]);
  const family = useCall('wordFamilies.list', lemma ? { language_id: languageId, lemma_lc: lemma.toLowerCase() } : null, [languageId, lemma]);
  const members = ((family.data as WordFamilyTerms | undefined)?.terms ?? []).filter((term) => term.WoText.toLowerCase() !== word.toLowerCase());
  if (building)
    return (
      <p className="lemma-hint muted" data-testid="lemma-building">
        {t('lemmas.buildingWordTable')}
      </p>
    );
  if (loading) return <p className="lemma-hint muted">{t('lemmas.findingTheBaseForm')}</p>;
  if (!lemma) return null;
  return (
    <div className="lemma-hint" data-testid="lemma-hint">
      {/* A trusted lemma the field already shows needs no second line; an unsure one is only ever offered. */}
      {!stored && (unsure || typed.trim().toLowerCase() !== lemma.toLowerCase()) && (
        <p>
          {unsure ? (
            <span className="lemma-unsure" title={t('lemmas.unsureWhy')}>
              {tr('lemmas.suggestedUnsure', { lemma: <strong className="lemma-suggested">{lemma}</strong> })}{' '}
              <span className="chip lemma-unsure-badge">{t('lemmas.unsure')}</span>
            </span>
          ) : (
            tr('lemmas.suggested', { lemma: <strong className="lemma-suggested">{lemma}</strong> })
          )}
          {typed.trim().toLowerCase() !== lemma.toLowerCase() && (
            <button type="button" className="btn btn-small btn-ghost" onClick={() => onUse(lemma)}>
              {t('lemmas.use')}
            </button>
          )}
        </p>
      )}
      {members.length > 0 && (
        <p className="lemma-family" aria-label={t('lemmas.wordFamily')}>
          {tr('lemmas.familyOf', { lemma: <strong>{lemma}</strong> })}{' '}
          {members.map((m) => (
            <span key={m.WoID} className={`chip term-status-${m.WoStatus}`} title={m.WoTranslation || undefined}>
              {m.WoText}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
