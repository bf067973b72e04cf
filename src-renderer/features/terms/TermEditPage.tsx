// Runs in: renderer. The term editor (/word/edit-term?id=… or ?new=1&lang=…): every field, tags, lemma, the
// word family, similar terms (as you type), example sentences from your texts and the review memory state.
import { tr } from '../../lib/i18n/rich';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { TermDto } from '../../../src-shared/contract/terms';
import { api, ApiError, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, navigate, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { Markdown } from '../../components/Markdown';
import { Field, Page, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import { StatusBadge, StatusPicker } from './shared';
import { LanguagePicker } from '../../components/LanguagePicker';
import './terms.css';
import { formatDate, t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';
import { SendTermToAnki } from './AnkiSendBar';

const TermMemoryState = lazy(() => import('../review/TermMemoryState'));

interface Form {
  WoLgID: number | null;
  WoText: string;
  WoTranslation: string;
  WoRomanization: string;
  WoLemma: string;
  WoNotes: string;
  WoSentence: string;
  WoStatus: number;
  tags: string;
}

const fromTerm = (tm: TermDto): Form => ({
  WoLgID: tm.WoLgID,
  WoText: tm.WoText,
  WoTranslation: tm.WoTranslation,
  WoRomanization: tm.WoRomanization,
  WoLemma: tm.WoLemma ?? '',
  WoNotes: tm.WoNotes,
  WoSentence: tm.WoSentence,
  WoStatus: tm.WoStatus,
  tags: tm.TermTags.join(', '),
});

export default function TermEditPage() {
  const query = useQuery();
  const id = Number(query.get('id')) || null;
  const newLang = Number(query.get('lang')) || null;
  const newText = query.get('text') ?? '';
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [term, setTerm] = useState<TermDto | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  /** The lemma the similar-terms lookup used for the typed text: the stored one, or the local dictionary's. */
  const [suggestedLemma, setSuggestedLemma] = useState<string | null>(null);

  useEffect(() => {
    setError('');
    if (id) {
      api.call('terms.get', { id }).then(
        (tm) => {
          setTerm(tm);
          setForm(fromTerm(tm));
        },
        (err: unknown) => setError(errorMessage(err)),
      );
    } else {
      setTerm(null);
      setForm({
        WoLgID: newLang ?? currentLanguageId,
        WoText: newText,
        WoTranslation: '',
        WoRomanization: '',
        WoLemma: '',
        WoNotes: '',
        WoSentence: '',
        WoStatus: 1,
        tags: '',
      });
    }
  }, [id, newLang, newText, currentLanguageId]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const save = useCallback(async () => {
    if (!form || saving) return;
    if (!form.WoLgID) return setError(t('terms.chooseALanguage'));
    if (!form.WoText.trim()) return setError(t('terms.theTermIsRequired'));
    setSaving(true);
    setError('');
    const fields = {
      WoText: form.WoText,
      WoTranslation: form.WoTranslation,
      WoRomanization: form.WoRomanization,
      WoLemma: form.WoLemma,
      WoNotes: form.WoNotes,
      WoSentence: form.WoSentence,
      WoStatus: form.WoStatus,
      TermTags: {
        TagList: form.tags
          .split(',')
          .map((tm) => tm.trim())
          .filter(Boolean),
      },
    };
    try {
      const saved = term ? await api.call('terms.update', { id: term.WoID, ...fields }) : await api.call('terms.create', { WoLgID: form.WoLgID, ...fields });
      setTerm(saved);
      setForm(fromTerm(saved));
      toast('success', t('terms.savedTerm', { term: saved.WoText }));
      if (!term) navigate(`/word/edit-term?id=${saved.WoID}`, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message.replace(/^Invalid input: /, '') : errorMessage(err));
    } finally {
      setSaving(false);
    }
  }, [form, saving, term]);

  async function remove() {
    if (
      !term ||
      !(await confirmDialog({
        title: t('terms.deleteTermQuestion', { term: term.WoText }),
        message: t('terms.itsTranslationNotesAnd'),
        confirmLabel: t('terms.delete'),
        danger: true,
      }))
    )
      return;
    try {
      await api.call('terms.delete', { id: term.WoID });
      toast('success', t('terms.termDeleted'));
      navigate('/vocabulary');
    } catch (err) {
      showError(err);
    }
  }

  useHotkeys({ 'Mod+s': (e) => (e.preventDefault(), void save()), Escape: () => navigate('/vocabulary') }, { allowInInputs: ['s'] }); // the hook matches e.key: Ctrl+S works while typing, Escape does not leave a field

  if (error && !form)
    return (
      <Page title={t('terms.term')}>
        <p className="error-text">{error}</p>
        <Link to="/vocabulary">{t('terms.backToTheVocabulary')}</Link>
      </Page>
    );
  if (!form)
    return (
      <Page title={t('terms.term')}>
        <Spinner />
      </Page>
    );

  return (
    <Page
      title={term ? term.WoText : t('terms.newTerm')}
      subtitle={term ? <>{t('terms.createdSince', { created: formatDate(term.WoCreated), since: formatDate(term.WoStatusChanged) })}</> : t('terms.addAWord')}
      wide
      actions={
        <>
          <Link className="btn btn-ghost" to="/vocabulary">
            {t('terms.back')}
          </Link>
          {term && <SendTermToAnki termId={term.WoID} />}
          {term && (
            <button className="btn btn-danger" onClick={() => void remove()}>
              {t('terms.delete')}
            </button>
          )}
          <button className="btn btn-primary" disabled={saving} onClick={() => void save()} title={t('terms.saveCtrlS')}>
            {saving ? t('terms.saving') : t('terms.save')}
          </button>
        </>
      }
    >
      <div className="term-editor">
        <form className="card term-form" onSubmit={(e) => (e.preventDefault(), void save())}>
          <ErrorLine error={error} />
          <div className="form-grid">
            {!term && (
              <Field label={t('terms.language')}>
                <LanguagePicker
                  value={form.WoLgID ?? ''}
                  onChange={(id) => set('WoLgID', id || null)}
                  placeholder={t('terms.chooseALanguage')}
                  placeholderUntilChosen
                  label={t('terms.language')}
                  className="input"
                />
              </Field>
            )}
            <Field label={t('terms.term')}>
              <input
                className="input input-large"
                value={form.WoText}
                onChange={(e) => set('WoText', e.target.value)}
                autoFocus={!term}
                maxLength={250}
                name="WoText"
              />
            </Field>
            <Field label={t('terms.translation')} hint={<>{t('terms.inlineMarkdownBoldItalic')}</>}>
              <textarea className="input" rows={2} value={form.WoTranslation} onChange={(e) => set('WoTranslation', e.target.value)} name="WoTranslation" />
            </Field>
            {form.WoTranslation && (
              <div className="md-preview" aria-label={t('terms.translationPreview')}>
                <Markdown text={form.WoTranslation} />
              </div>
            )}
            <Field label={t('terms.romanization')}>
              <input className="input" value={form.WoRomanization} onChange={(e) => set('WoRomanization', e.target.value)} name="WoRomanization" />
            </Field>
            <Field label={t('terms.lemmaBaseForm')} hint={t('terms.enteredByHandIt')}>
              <input className="input" value={form.WoLemma} onChange={(e) => set('WoLemma', e.target.value)} name="WoLemma" />
            </Field>
            <Field label={t('terms.status')}>
              <StatusPicker value={form.WoStatus} onChange={(s) => set('WoStatus', s)} />
            </Field>
            <Field label={t('terms.tags')} hint={t('terms.commaSeparatedEachAt')}>
              <input className="input" value={form.tags} onChange={(e) => set('tags', e.target.value)} name="tags" placeholder={t('terms.nounA1')} />
            </Field>
            <Field label={t('terms.exampleSentence')} hint={t('terms.markBraces', { braces: '{braces}' })}>
              <textarea className="input" rows={2} value={form.WoSentence} onChange={(e) => set('WoSentence', e.target.value)} name="WoSentence" />
            </Field>
            <Field label={t('terms.notes')} hint={t('terms.inlineMarkdownAllowed')}>
              <textarea className="input" rows={3} value={form.WoNotes} onChange={(e) => set('WoNotes', e.target.value)} name="WoNotes" />
            </Field>
          </div>
          <button type="submit" hidden />
        </form>
        <aside className="term-side">
          {form.WoLgID && (
            <FamilyPanel
              languageId={form.WoLgID}
              lemma={form.WoLemma.trim().toLowerCase() || suggestedLemma}
              fromDictionary={!form.WoLemma.trim() && suggestedLemma !== null && suggestedLemma !== term?.WoLemmaLC}
              termId={term?.WoID}
              version={term?.WoModified}
            />
          )}
          {form.WoLgID && (
            <SimilarPanel languageId={form.WoLgID} text={form.WoText} termId={term?.WoID} version={term?.WoModified} onLemma={setSuggestedLemma} />
          )}
          {form.WoLgID && form.WoText.trim() && (
            <SentencesPanel languageId={form.WoLgID} termLC={form.WoText.trim().toLowerCase()} onPick={(s) => set('WoSentence', s)} />
          )}
          <div className="card side-card">
            {term ? (
              <Suspense fallback={<p className="muted">{t('terms.loadingMemoryState')}</p>}>
                <TermMemoryState termId={term.WoID} />
              </Suspense>
            ) : (
              <section aria-label={t('terms.memoryState')}>
                <h3>{t('terms.memoryState')}</h3>
                <p className="muted">{t('terms.startsWithTheFirst')}</p>
              </section>
            )}
          </div>
        </aside>
      </div>
    </Page>
  );
}

/**
 * The terms sharing the lemma: the one typed in the form, else the one the similar-terms lookup used (the
 * stored lemma, or for new or renamed text the local lemma dictionary's), so an unsaved term shows the
 * family it will join. `version` refetches after a save (statuses and members may have changed).
 */
function FamilyPanel({
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
    <section className="card side-card" aria-label={t('terms.wordFamily')}>
      <h3>{lemma ? tr('terms.wordFamilyOf', { lemma: <em>{lemma}</em> }) : t('terms.wordFamily')}</h3>
      {fromDictionary && <p className="muted side-note">{t('terms.lemmaFromTheLemma')}</p>}
      {!lemma ? (
        <p className="muted">{t('terms.noLemmaYetTerms')}</p>
      ) : !terms ? (
        <Spinner />
      ) : others.length === 0 ? (
        <p className="muted">{termId ? t('terms.noOtherTermSharesLemma') : t('terms.noTermSharesLemma')}</p>
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

function SimilarPanel({
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
    if (terms.length === 0) return <p className="muted">{t('terms.noSimilarTerms')}</p>;
    return (
      <ul className="side-list">
        {terms.map((tm) => (
          <li key={tm.WoID}>
            <Link to={`/word/edit-term?id=${tm.WoID}`}>{tm.WoText}</Link> <StatusBadge status={tm.WoStatus} />
            {tm.reason === 'lemma' && (
              <span className="badge lemma-badge" title={t('terms.sharesTheLemma')}>
                {t('terms.sameLemma')}
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
    <section className="card side-card" aria-label={t('terms.similarTerms')}>
      <h3>{t('terms.similarTerms')}</h3>
      {body}
    </section>
  );
}

function SentencesPanel({ languageId, termLC, onPick }: { languageId: number; termLC: string; onPick: (s: string) => void }) {
  const pairs = useCall('sentences.withTerm', { language_id: languageId, term_lc: termLC, limit: 5 }, undefined, { debounceMs: 200, keepData: true }).data;
  if (!pairs || pairs.length === 0) return null;
  return (
    <section className="card side-card" aria-label={t('terms.sentencesFromYourTexts')}>
      <h3>{t('terms.sentencesFromYourTexts')}</h3>
      <ul className="side-list">
        {pairs.map(([bold, braces]) => (
          <li key={braces}>
            <button type="button" className="link-button" title={t('terms.useAsTheExample')} onClick={() => onPick(braces)}>
              <Markdown text={bold} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
