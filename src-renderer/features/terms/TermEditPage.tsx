// Runs in: renderer. The term editor (/word/edit-term?id=… or ?new=1&lang=…): every field, tags, lemma, the
// word family, similar terms (as you type), example sentences from your texts and the review memory state.
// State and saving: useTermForm; the side panels: TermEditSide.
// Long because: it lays out every field of a term, each with its label and hint; the state is already in
// useTermForm and the side panels in TermEditSide.
import { lazy, Suspense } from 'react';
import { Link } from '../../lib/router';
import { Markdown } from '../../components/Markdown';
import { Field, Page, Spinner } from '../../components/Page';
import { StatusPicker } from './shared';
import { LanguagePicker } from '../../components/LanguagePicker';
import './terms.css';
import { formatDate, t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';
import { SendTermToAnki } from './AnkiSendBar';
import { useTermForm } from './useTermForm';
import { FamilyPanel, SentencesPanel, SimilarPanel } from './TermEditSide';

const TermMemoryState = lazy(() => import('../review/TermMemoryState'));

export default function TermEditPage() {
  const f = useTermForm();
  const { term, form } = f;
  if (f.error && !form)
    return (
      <Page title={t('terms.term')}>
        <p className="error-text">{f.error}</p>
        <Link to="/vocabulary">{t('termForm.back')}</Link>
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
      subtitle={
        term ? <>{t('termForm.subtitle', { created: formatDate(term.WoCreated), since: formatDate(term.WoStatusChanged) })}</> : t('termForm.newSubtitle')
      }
      wide
      actions={
        <>
          <Link className="btn btn-ghost" to="/vocabulary">
            {t('termForm.backButton')}
          </Link>
          {term && <SendTermToAnki termId={term.WoID} />}
          {term && (
            <button className="btn btn-danger" onClick={f.remove}>
              {t('terms.delete')}
            </button>
          )}
          <button className="btn btn-primary" disabled={f.saving} onClick={f.save} title={t('termForm.saveTitle')}>
            {f.saving ? t('termForm.saving') : t('termForm.save')}
          </button>
        </>
      }
    >
      <div className="term-editor">
        <form className="card term-form" onSubmit={(e) => (e.preventDefault(), f.save())}>
          <ErrorLine error={f.error} />
          <div className="form-grid">
            {!term && (
              <Field label={t('terms.language')}>
                <LanguagePicker
                  value={form.WoLgID ?? ''}
                  onChange={(id) => f.set('WoLgID', id || null)}
                  placeholder={t('terms.languagePlaceholder')}
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
                onChange={(e) => f.set('WoText', e.target.value)}
                autoFocus={!term}
                maxLength={250}
                name="WoText"
              />
            </Field>
            <Field label={t('terms.translation')} hint={<>{t('termForm.translationHint')}</>}>
              <textarea className="input" rows={2} value={form.WoTranslation} onChange={(e) => f.set('WoTranslation', e.target.value)} name="WoTranslation" />
            </Field>
            {form.WoTranslation && (
              <div className="md-preview" aria-label={t('termForm.translationPreview')}>
                <Markdown text={form.WoTranslation} />
              </div>
            )}
            <Field label={t('terms.romanization')}>
              <input className="input" value={form.WoRomanization} onChange={(e) => f.set('WoRomanization', e.target.value)} name="WoRomanization" />
            </Field>
            <Field label={t('termForm.lemmaLabel')} hint={t('termForm.lemmaHint')}>
              <input className="input" value={form.WoLemma} onChange={(e) => f.set('WoLemma', e.target.value)} name="WoLemma" />
            </Field>
            <Field label={t('terms.status')}>
              <StatusPicker value={form.WoStatus} onChange={(s) => f.set('WoStatus', s)} />
            </Field>
            <Field label={t('terms.tags')} hint={t('termForm.tagsHint')}>
              <input
                className="input"
                value={form.tags}
                onChange={(e) => f.set('tags', e.target.value)}
                name="tags"
                placeholder={t('termForm.tagsPlaceholder')}
              />
            </Field>
            <Field label={t('termForm.sentenceLabel')} hint={t('termForm.sentenceHint', { braces: '{braces}' })}>
              <textarea className="input" rows={2} value={form.WoSentence} onChange={(e) => f.set('WoSentence', e.target.value)} name="WoSentence" />
            </Field>
            <Field label={t('terms.notes')} hint={t('termForm.notesHint')}>
              <textarea className="input" rows={3} value={form.WoNotes} onChange={(e) => f.set('WoNotes', e.target.value)} name="WoNotes" />
            </Field>
          </div>
          <button type="submit" hidden />
        </form>
        <aside className="term-side">
          {form.WoLgID && (
            <FamilyPanel
              languageId={form.WoLgID}
              lemma={form.WoLemma.trim().toLowerCase() || f.suggestedLemma}
              fromDictionary={!form.WoLemma.trim() && f.suggestedLemma !== null && f.suggestedLemma !== term?.WoLemmaLC}
              termId={term?.WoID}
              version={term?.WoModified}
            />
          )}
          {form.WoLgID && (
            <SimilarPanel languageId={form.WoLgID} text={form.WoText} termId={term?.WoID} version={term?.WoModified} onLemma={f.setSuggestedLemma} />
          )}
          {form.WoLgID && form.WoText.trim() && (
            <SentencesPanel languageId={form.WoLgID} termLC={form.WoText.trim().toLowerCase()} onPick={(s) => f.set('WoSentence', s)} />
          )}
          <div className="card side-card">
            {term ? (
              <Suspense fallback={<p className="muted">{t('termForm.memoryStateLoading')}</p>}>
                <TermMemoryState termId={term.WoID} />
              </Suspense>
            ) : (
              <section aria-label={t('termForm.memoryState')}>
                <h3>{t('termForm.memoryState')}</h3>
                <p className="muted">{t('termForm.memoryStateNew')}</p>
              </section>
            )}
          </div>
        </aside>
      </div>
    </Page>
  );
}
