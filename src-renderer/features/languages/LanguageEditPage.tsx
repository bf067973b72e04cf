// Runs in: renderer. Create a language (from a preset or by hand) or edit one.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { LanguageDto, LanguagePreset } from '../../../src-shared/contract/languages';
import { api, errorMessage } from '../../api/client';
import { navigate, useParams } from '../../lib/router';
import { Field, Page, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { LemmaSourcePanel } from '../lemmas/LemmaSourcePanel';
import { LanguageReadingPanel } from './LanguageReadingPanel';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

type Form = Omit<LanguageDto, 'LgID' | 'LgUsID' | 'LgCreated'>;

const EMPTY: Form = {
  LgName: '',
  LgIsoCode: '',
  LgParserType: 'regex',
  LgLemmatizerType: 'dictionary',
  LgRegexpWordCharacters: 'a-zA-ZÀ-ÖØ-öø-ȳ',
  LgRegexpSplitSentences: '.!?',
  LgExceptionsSplitSentences: '',
  LgCharacterSubstitutions: '',
  LgRemoveSpaces: false,
  LgSplitEachChar: false,
  LgRightToLeft: false,
  LgShowRomanization: false,
  LgTextSize: 100,
  LgDict1URI: '',
  LgDict2URI: '',
  LgGoogleTranslateURI: '',
};

export default function LanguageEditPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const { reloadLanguages, setCurrentLanguage } = useApp();
  const [presets, setPresets] = useState<LanguagePreset[]>([]);
  const [form, setForm] = useState<Form | null>(editing ? null : EMPTY);
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (editing) {
      api
        .call('languages.get', { id: Number(id) })
        .then(({ LgID: _id, LgUsID: _us, LgCreated: _c, ...rest }) => setForm(rest))
        .catch((err: unknown) => setError(errorMessage(err)));
    } else {
      api
        .call('languages.presets', {})
        .then(setPresets)
        .catch((err: unknown) => setError(errorMessage(err)));
    }
  }, [editing, id]);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return presets.filter((p) => !f || p.LgName.toLowerCase().includes(f) || p.endonym.toLowerCase().includes(f) || p.LgIsoCode === f);
  }, [presets, filter]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  function applyPreset(p: LanguagePreset) {
    const { endonym: _e, ...fields } = p;
    setForm({ ...EMPTY, ...fields });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setSaving(true);
    setError(null);
    try {
      const saved = editing ? await api.call('languages.update', { id: Number(id), ...form }) : await api.call('languages.create', form);
      await reloadLanguages();
      if (!editing) setCurrentLanguage(saved.LgID);
      toast('success', t('languageEdit.saved', { name: saved.LgName }));
      navigate('/languages');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

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
      {editing && <LanguageReadingPanel languageId={Number(id)} isoCode={form.LgIsoCode} parser={form.LgParserType} />}
      {editing && <LemmaSourcePanel languageId={Number(id)} />}
    </Page>
  );
}
