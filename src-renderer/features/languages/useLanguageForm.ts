// Runs in: renderer. The language form's state: the presets (filtered as the learner types), the language being edited or
// a blank one, and saving (then the new language becomes the current one).
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { LanguageDto, LanguagePreset } from '../../../src-shared/contract/languages';
import { api, errorMessage } from '../../api/client';
import { navigate, useParams } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { currentLocale, t } from '../../lib/i18n';
import { presetName } from '../../lib/i18n/curated';
import { useAction } from '../../lib/useAction';

export type Form = Omit<LanguageDto, 'LgID' | 'LgUsID' | 'LgCreated'>;

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

export function useLanguageForm() {
  const { id } = useParams();
  const editing = id !== undefined;
  const { reloadLanguages, setCurrentLanguage } = useApp();
  const [presets, setPresets] = useState<LanguagePreset[]>([]);
  const [form, setForm] = useState<Form | null>(editing ? null : EMPTY);
  const [filter, setFilter] = useState('');
  /** The language (or the presets) could not be loaded: said above the form. */
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (editing) {
      api
        .call('languages.get', { id: Number(id) })
        .then(({ LgID: _id, LgUsID: _us, LgCreated: _c, ...rest }) => setForm(rest))
        .catch((err: unknown) => setLoadError(errorMessage(err)));
    } else {
      api
        .call('languages.presets', {})
        // Named in the interface language: the grid, the filter and the new language's name all say "Alemán" in Spanish.
        .then((list) => setPresets(list.map((p) => ({ ...p, LgName: presetName(p, currentLocale()) }))))
        .catch((err: unknown) => setLoadError(errorMessage(err)));
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

  const saving = useAction(
    async (fields: Form) => {
      const saved = editing ? await api.call('languages.update', { id: Number(id), ...fields }) : await api.call('languages.create', fields);
      await reloadLanguages();
      if (!editing) setCurrentLanguage(saved.LgID);
      toast('success', t('languageEdit.saved', { name: saved.LgName }));
      navigate('/languages');
    },
    { report: 'inline' },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form) void saving.run(form);
  }

  return { editing, shown, set, form, filter, setFilter, saving: saving.busy, error: saving.error ?? loadError, id, applyPreset, submit };
}
