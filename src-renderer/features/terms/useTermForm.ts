// Runs in: renderer. The term editor's state (TermEditPage renders it): the term loaded by id or a new one's blank
// form, saving (create or update, then the URL names the saved term), deleting, Ctrl+S and Esc.
import { useCallback, useEffect, useState } from 'react';
import type { TermDto } from '../../../src-shared/contract/terms';
import { api, ApiError, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { navigate, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export interface TermForm {
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

const fromTerm = (tm: TermDto): TermForm => ({
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

export function useTermForm() {
  const query = useQuery();
  const id = Number(query.get('id')) || null;
  const newLang = Number(query.get('lang')) || null;
  const newText = query.get('text') ?? '';
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [term, setTerm] = useState<TermDto | null>(null);
  const [form, setForm] = useState<TermForm | null>(null);
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

  const set = <K extends keyof TermForm>(key: K, value: TermForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const save = useCallback(async () => {
    if (!form || saving) return;
    if (!form.WoLgID) return setError(t('terms.languagePlaceholder'));
    if (!form.WoText.trim()) return setError(t('termForm.termMissing'));
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
      toast('success', t('termForm.saved', { term: saved.WoText }));
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
        title: t('termForm.deleteTitle', { term: term.WoText }),
        message: t('termForm.deleteMessage'),
        confirmLabel: t('terms.delete'),
        danger: true,
      }))
    )
      return;
    try {
      await api.call('terms.delete', { id: term.WoID });
      toast('success', t('termForm.deleted'));
      navigate('/vocabulary');
    } catch (err) {
      showError(err);
    }
  }

  useHotkeys({ 'Mod+s': (e) => (e.preventDefault(), void save()), Escape: () => navigate('/vocabulary') }, { allowInInputs: ['s'] }); // the hook matches e.key: Ctrl+S works while typing, Escape does not leave a field

  return { term, form, error, saving, set, save, remove, suggestedLemma, setSuggestedLemma };
}
