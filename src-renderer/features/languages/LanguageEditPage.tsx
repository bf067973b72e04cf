// Runs in: renderer. Create a language (from a preset or by hand) or edit one. The form's state lives in
// useLanguageForm beside it.
import { navigate } from '../../lib/router';
import { Field, Page, Spinner } from '../../components/Page';
import { LemmaSourcePanel } from '../lemmas/LemmaSourcePanel';
import { LanguageReadingPanel } from './LanguageReadingPanel';
import { WordCorrectionsPanel } from './WordCorrectionsPanel';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';
import { useLanguageForm, type Form } from './useLanguageForm';

export default function LanguageEditPage() {
  const { editing, shown, set, form, filter, setFilter, saving, error, id, applyPreset, submit } = useLanguageForm();
  if (!form)
    return error ? (
      <Page title={t('languageEdit.language')}>
        <p className="error-text">{error}</p>
      </Page>
    ) : (
      <Spinner />
    );

  return (
    <Page
      title={editing ? t('languageEdit.editTitle', { name: form.LgName }) : t('languageEdit.addTitle')}
      subtitle={editing ? undefined : t('languageEdit.addSubtitle')}
    >
      {!editing && (
        <section className="card">
          <div className="card-header">
            <h2>{t('languageEdit.presets')}</h2>
            <input
              className="input"
              type="search"
              placeholder={t('languageEdit.filterPresets')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              aria-label={t('languageEdit.filterPresetsLabel')}
            />
          </div>
          <div className="preset-grid" role="list">
            {shown.map((p) => (
              <button
                key={p.LgName}
                type="button"
                role="listitem"
                className={`preset${form.LgName === p.LgName ? ' selected' : ''}`}
                onClick={() => applyPreset(p)}
              >
                <strong>{p.LgName}</strong>
                <span lang={p.LgIsoCode} dir={p.LgRightToLeft ? 'rtl' : undefined}>
                  {p.endonym}
                </span>
              </button>
            ))}
          </div>
        </section>
      )}
      <form className="card form-grid" onSubmit={(e) => void submit(e)}>
        <Field label={t('languageEdit.name')}>
          <input className="input" required value={form.LgName} onChange={(e) => set('LgName', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.iso')} hint={t('languageEdit.isoHint', { code: '{code}' })}>
          <input className="input" value={form.LgIsoCode} onChange={(e) => set('LgIsoCode', e.target.value)} maxLength={8} />
        </Field>
        <Field label={t('languageEdit.parser')}>
          <select className="input" value={form.LgParserType} onChange={(e) => set('LgParserType', e.target.value as Form['LgParserType'])}>
            <option value="regex">{t('languageEdit.parserRegex')}</option>
            <option value="character">{t('languageEdit.parserCharacter')}</option>
            <option value="morphological">{t('languageEdit.parserMorphological')}</option>
          </select>
        </Field>
        <Field label={t('languageEdit.wordChars')} hint={t('languageEdit.wordCharsHint')}>
          <input className="input mono" value={form.LgRegexpWordCharacters} onChange={(e) => set('LgRegexpWordCharacters', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.sentenceEnds')}>
          <input className="input mono" value={form.LgRegexpSplitSentences} onChange={(e) => set('LgRegexpSplitSentences', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.exceptions')} hint={t('languageEdit.exceptionsHint')}>
          <input className="input mono" value={form.LgExceptionsSplitSentences} onChange={(e) => set('LgExceptionsSplitSentences', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.substitutions')} hint={t('languageEdit.substitutionsHint')}>
          <input className="input mono" value={form.LgCharacterSubstitutions} onChange={(e) => set('LgCharacterSubstitutions', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.dictLink')} hint={t('languageEdit.dictLinkHint')}>
          <input className="input" value={form.LgDict1URI} onChange={(e) => set('LgDict1URI', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.secondDictionaryLink')} hint={t('languageEdit.shownAsASecond')}>
          <input className="input" value={form.LgDict2URI} onChange={(e) => set('LgDict2URI', e.target.value)} />
        </Field>
        <Field label={t('languageEdit.translatorLink')} hint={t('languageEdit.translatorLinkHint')}>
          <input className="input" value={form.LgGoogleTranslateURI} onChange={(e) => set('LgGoogleTranslateURI', e.target.value)} />
        </Field>
        <fieldset className="checks">
          <legend>{t('languageEdit.options')}</legend>
          <label>
            <input type="checkbox" checked={form.LgRightToLeft} onChange={(e) => set('LgRightToLeft', e.target.checked)} /> {t('languageEdit.rtl')}
          </label>
          <label>
            <input type="checkbox" checked={form.LgRemoveSpaces} onChange={(e) => set('LgRemoveSpaces', e.target.checked)} /> {t('languageEdit.removeSpaces')}
          </label>
          <label>
            <input type="checkbox" checked={form.LgSplitEachChar} onChange={(e) => set('LgSplitEachChar', e.target.checked)} /> {t('languageEdit.eachChar')}
          </label>
          <label>
            <input type="checkbox" checked={form.LgShowRomanization} onChange={(e) => set('LgShowRomanization', e.target.checked)} />{' '}
            {t('languageEdit.romanization')}
          </label>
        </fieldset>
        <ErrorLine error={error} />
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => navigate('/languages')}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || !form.LgName.trim()}>
            {t(saving ? 'languageEdit.saving' : editing ? 'languageEdit.saveChanges' : 'languageEdit.add')}
          </button>
        </div>
      </form>
      {editing && <LanguageReadingPanel languageId={Number(id)} isoCode={form.LgIsoCode} parser={form.LgParserType} splitEachChar={form.LgSplitEachChar} />}
      {editing && <WordCorrectionsPanel languageId={Number(id)} segments={form.LgParserType !== 'regex' && !form.LgSplitEachChar} />}
      {editing && <LemmaSourcePanel languageId={Number(id)} />}
    </Page>
  );
}
