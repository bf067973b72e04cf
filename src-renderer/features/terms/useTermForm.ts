// Runs in: renderer. The term editor's state (TermEditPage renders it): the term loaded by id or a new one's blank
// form, saving (create or update, then the URL names the saved term), deleting, Ctrl+S and Esc.
import { useEffect, useState } from 'react';
import type { TermDto } from '../../../src-shared/contract/terms';
import { api, ApiError, errorMessage } from '../../api/client';
import { useAction } from '../../lib/useAction';
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
  // A tool's "Open in Anki" (AnkiConnect guiAddCards) opens a new term with its note's fields filled.
  const prefill = (key: string) => query.get(key) ?? '';
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [term, setTerm] = useState<TermDto | null>(null);
  const [form, setForm] = useState<TermForm | null>(null);
  /** A term that could not be loaded, said above the form. */
  const [loadError, setLoadError] = useState('');
  /** The lemma the similar-terms lookup used for the typed text: the stored one, or the local dictionary's. */
  const [suggestedLemma, setSuggestedLemma] = useState<string | null>(null);

  useEffect(() => {
    setLoadError('');
    if (id) {
      api.call('terms.get', { id }).then(
        (tm) => {
          setTerm(tm);
          setForm(fromTerm(tm));
        },
        (err: unknown) => setLoadError(errorMessage(err)),
      );
    } else {
      setTerm(null);
      setForm({
        WoLgID: newLang ?? currentLanguageId,
        WoText: newText,
        WoTranslation: prefill('translation'),
        WoRomanization: prefill('romanization'),
        WoLemma: prefill('lemma'),
        WoNotes: prefill('notes'),
        WoSentence: prefill('sentence'),
        WoStatus: 1,
        tags: prefill('tags'),
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the prefill is the query: a second "Open in Anki" refills
  }, [id, newLang, newText, currentLanguageId, query.toString()]);

  const set = <K extends keyof TermForm>(key: K, value: TermForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const saving = useAction(
    async (draft: TermForm, languageId: number) => {
      const fields = {
        WoText: draft.WoText,
        WoTranslation: draft.WoTranslation,
        WoRomanization: draft.WoRomanization,
        WoLemma: draft.WoLemma,
        WoNotes: draft.WoNotes,
        WoSentence: draft.WoSentence,
        WoStatus: draft.WoStatus,
        TermTags: {
          TagList: draft.tags
            .split(',')
            .map((tm) => tm.trim())
            .filter(Boolean),
        },
      };
      const saved = term ? await api.call('terms.update', { id: term.WoID, ...fields }) : await api.call('terms.create', { WoLgID: languageId, ...fields });
      setTerm(saved);
      setForm(fromTerm(saved));
      toast('success', t('termForm.saved', { term: saved.WoText }));
      if (!term) navigate(`/word/edit-term?id=${saved.WoID}`, { replace: true });
    },
    // The field's label says which field a refusal is about: the "Invalid input: " lead-in goes.
    { report: 'inline', describe: (err) => (err instanceof ApiError ? err.message.replace(/^Invalid input: /, '') : errorMessage(err)) },
  );
  const save = () => {
    setLoadError('');
    if (!form) return;
    if (!form.WoLgID) return saving.setError(t('terms.languagePlaceholder'));
    if (!form.WoText.trim()) return saving.setError(t('termForm.termMissing'));
    void saving.run(form, form.WoLgID);
  };

  // Deleting asks first; a failure is a toast.
  const removing = useAction(async (shown: TermDto) => {
    const sure = await confirmDialog({
      title: t('termForm.deleteTitle', { term: shown.WoText }),
      message: t('termForm.deleteMessage'),
      confirmLabel: t('terms.delete'),
      danger: true,
    });
    if (!sure) return;
    await api.call('terms.delete', { id: shown.WoID });
    toast('success', t('termForm.deleted'));
    navigate('/vocabulary');
  });
  const remove = () => {
    if (term) void removing.run(term);
  };

  useHotkeys({ 'Mod+s': (e) => (e.preventDefault(), save()), Escape: () => navigate('/vocabulary') }, { allowInInputs: ['s'] }); // the hook matches e.key: Ctrl+S works while typing, Escape does not leave a field

  return { term, form, error: loadError || saving.error || '', saving: saving.busy, set, save, remove, suggestedLemma, setSuggestedLemma };
}
