// Runs in: renderer. The deck import's state machine (DeckImportPage renders it): upload (inspect) → note type,
// term and translation fields (guessed from their names) and language → import → summary. A file dropped on
// the window or the Anki page arrives through the Anki store.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useHotkeys } from '../../components/hotkeys';
import type { DeckImportSummary, InspectResult } from '../../../src-shared/contract/apkg';
import { api } from '../../api/client';
import { useUpload } from '../../lib/useUpload';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { useAnki } from './store';

export type Step = 'upload' | 'choose' | 'done';

/** A field named like the word side of a card is the likely term field; the other side the translation. */
function guessFields(fields: string[]): { term: string; translation: string } {
  const find = (re: RegExp) => fields.find((f) => re.test(f));
  const term = find(/^(term|word|expression|vocab|front|target)/i) ?? fields[0] ?? '';
  const translation = find(/^(translation|meaning|definition|english|back|gloss)/i) ?? fields.find((f) => f !== term) ?? '';
  return { term, translation: translation === term ? '' : translation };
}

export function useDeckImport() {
  const { languages, currentLanguageId } = useApp();
  const deckFile = useAnki((s) => s.deckFile);
  const setDeckFile = useAnki((s) => s.setDeckFile);
  const [file, setFile] = useState<File | null>(null);
  const [inspected, setInspected] = useState<InspectResult | null>(null);
  const upload = useUpload<'inspect' | 'import'>();
  const [noteTypeId, setNoteTypeId] = useState<number | null>(null);
  const [termField, setTermField] = useState('');
  const [translationField, setTranslationField] = useState('');
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [summary, setSummary] = useState<DeckImportSummary | null>(null);

  const step: Step = summary ? 'done' : inspected ? 'choose' : 'upload';
  const noteType = inspected?.note_types.find((nt) => nt.id === noteTypeId) ?? null;

  async function inspect(f: File) {
    setFile(f);
    setInspected(null);
    setSummary(null);
    const result = await upload.run('inspect', async (onUploadProgress) => {
      const found = await api.call('apkg.inspect', { file: f }, { onUploadProgress });
      if (found.note_types.length === 0) throw new Error(t('deckImport.noNotes'));
      return found;
    });
    if (!result) return;
    setInspected(result);
    const first = result.note_types[0];
    setNoteTypeId(first.id);
    const guess = guessFields(first.fields);
    setTermField(guess.term);
    setTranslationField(guess.translation);
  }

  // A file dropped on the window (or on the Anki page) arrives through the store; it is inspected once, by the
  // render's own inspect (a ref, so a new render does not drop the file again).
  const inspectLatest = useRef(inspect);
  inspectLatest.current = inspect;
  useEffect(() => {
    if (deckFile) {
      setDeckFile(null);
      void inspectLatest.current(deckFile);
    }
  }, [deckFile, setDeckFile]);

  useEffect(() => {
    if (languageId === null && currentLanguageId !== null) setLanguageId(currentLanguageId);
  }, [currentLanguageId, languageId]);

  function chooseNoteType(id: number) {
    setNoteTypeId(id);
    const nt = inspected?.note_types.find((n) => n.id === id);
    if (nt) {
      const guess = guessFields(nt.fields);
      setTermField(guess.term);
      setTranslationField(guess.translation);
    }
  }

  async function runImport() {
    if (!file || !noteType || !termField || languageId === null || upload.busy) return;
    const result = await upload.run(
      'import',
      (onUploadProgress) =>
        api.call(
          'apkg.importDeck',
          {
            file: file,
            language_id: languageId,
            note_type_id: noteType.id,
            term_field: termField,
            translation_field: translationField || undefined,
          },
          { onUploadProgress },
        ),
      // A failed import is also a toast: the line under the file card may be scrolled away from the button.
      { onFail: (err) => showError(err) },
    );
    if (!result) return;
    setSummary(result);
    toast('success', t('deckImport.createdToast', { count: result.created }));
  }
  useHotkeys({ 'Mod+Enter': () => void runImport() }, { allowInInputs: ['Enter'] });

  const preview = useMemo(() => {
    if (!noteType) return null;
    const termIndex = noteType.fields.indexOf(termField);
    const translationIndex = noteType.fields.indexOf(translationField);
    return { termIndex, translationIndex };
  }, [noteType, termField, translationField]);

  const languageName = languages.find((l) => l.LgID === languageId)?.LgName ?? '';

  return {
    file,
    setFile,
    inspected,
    setInspected,
    upload,
    termField,
    setTermField,
    translationField,
    setTranslationField,
    languageId,
    setLanguageId,
    summary,
    setSummary,
    step,
    noteType,
    inspect,
    chooseNoteType,
    runImport,
    preview,
    languageName,
    languages,
  };
}
