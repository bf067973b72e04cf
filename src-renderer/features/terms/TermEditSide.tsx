// Runs in: renderer. The term editor's side panels: the word family (the lemma typed, or the one the similar-terms
// lookup found), similar terms as the text is typed, and example sentences from the learner's texts.
import { tr } from '../../lib/i18n/rich';
import { useEffect, useMemo } from 'react';
import { useCall } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { Markdown } from '../../components/Markdown';
import { Spinner } from '../../components/Page';
import { StatusBadge } from './shared';
import { t } from '../../lib/i18n';

/**
 * The terms sharing the lemma: the one typed in the form, else the one the similar-terms lookup used (the
 * stored lemma, or for new or renamed text the local lemma dictionary's), so an unsaved term shows the
 * family it will join. `version` refetches after a save (statuses and members may have changed).
 */
export function FamilyPanel({
  languageId,
  lemma,
  fromDictionary,
  termId,
  version,
}: {
  languageId: number;
  lemma: string | null;
  fromDictionary: boolean;
  termId?: number;
  version?: number;
}) {
  // Families load a moment after typing stops; a failed load shows an empty family.
  const family = useCall('wordFamilies.list', lemma ? { language_id: languageId, lemma_lc: lemma } : null, [languageId, lemma, termId, version], {
    debounceMs: 200,
  });
  const terms = family.error ? [] : family.data && ('terms' in family.data ? family.data.terms : []);
  const others = terms?.filter((tm) => tm.WoID !== termId) ?? [];
  return (
    <section className="card side-card" aria-label={t('termForm.familyCard')}>
      <h3>{lemma ? tr('termForm.familyHeading', { lemma: <em>{lemma}</em> }) : t('termForm.familyCard')}</h3>
      {fromDictionary && <p className="muted side-note">{t('termForm.lemmaFromDictionary')}</p>}
      {!lemma ? (
        <p className="muted">{t('termForm.familyNoLemma')}</p>
      ) : !terms ? (
        <Spinner />
      ) : others.length === 0 ? (
        <p className="muted">{termId ? t('termForm.familyNoOther') : t('termForm.familyEmpty')}</p>
      ) : (
        <ul className="side-list">
          {terms.map((tm) => (
            <li key={tm.WoID} className={tm.WoID === termId ? 'current' : undefined}>
              <Link to={`/word/edit-term?id=${tm.WoID}`}>{tm.WoText}</Link> <StatusBadge status={tm.WoStatus} />
              <span className="muted side-translation">
                <Markdown text={tm.WoTranslation} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SimilarPanel({
  languageId,
  text,
  termId,
  version,
  onLemma,
}: {
  languageId: number;
  text: string;
  termId?: number;
  version?: number;
  onLemma: (lemma: string | null) => void;
}) {
  const term = text.trim();
  const similar = useCall(
    'terms.similar',
    term ? { language_id: languageId, term, exclude_id: termId, limit: 10 } : null,
    [languageId, term, termId, version],
    { debounceMs: 120, keepData: true },
  );
  // The lemma the lookup used goes up to the family panel (null while there is no text).
  const lemmaUsed = term ? similar.data?.lemma : null;
  useEffect(() => {
    if (lemmaUsed !== undefined) onLemma(lemmaUsed);
  }, [lemmaUsed, onLemma]);
  const terms = useMemo(() => (!term || similar.error ? [] : similar.data?.terms), [term, similar.error, similar.data]);
  const body = useMemo(() => {
    if (!terms) return <Spinner />;
    if (terms.length === 0) return <p className="muted">{t('termForm.similarNone')}</p>;
    return (
      <ul className="side-list">
        {terms.map((tm) => (
          <li key={tm.WoID}>
            <Link to={`/word/edit-term?id=${tm.WoID}`}>{tm.WoText}</Link> <StatusBadge status={tm.WoStatus} />
            {tm.reason === 'lemma' && (
              <span className="badge lemma-badge" title={t('termForm.familyBadgeTitle')}>
                {t('termForm.familySameLemma')}
              </span>
            )}
            <span className="muted side-translation">
              <Markdown text={tm.WoTranslation} />
            </span>
          </li>
        ))}
      </ul>
    );
  }, [terms]);
  return (
    <section className="card side-card" aria-label={t('termForm.similarCard')}>
      <h3>{t('termForm.similarCard')}</h3>
      {body}
    </section>
  );
}

export function SentencesPanel({ languageId, termLC, onPick }: { languageId: number; termLC: string; onPick: (s: string) => void }) {
  const pairs = useCall('sentences.withTerm', { language_id: languageId, term_lc: termLC, limit: 5 }, undefined, { debounceMs: 200, keepData: true }).data;
  if (!pairs || pairs.length === 0) return null;
  return (
    <section className="card side-card" aria-label={t('termForm.sentencesCard')}>
      <h3>{t('termForm.sentencesCard')}</h3>
      <ul className="side-list">
        {pairs.map(([bold, braces]) => (
          <li key={braces}>
            <button type="button" className="link-button" title={t('termForm.useSentence')} onClick={() => onPick(braces)}>
              <Markdown text={bold} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
