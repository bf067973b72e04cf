// Runs in: renderer. The word panel's state (WordPanel renders it): the term loaded for each new target, the form
// against what was last loaded or saved (unsaved edits are saved or confirmed before the panel lets go), saving
// with a status (a status key pressed before the term has loaded waits for it), deleting, and the keys.
import { useEffect, useRef, useState } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import type { TermDto } from '../../../src-shared/contract/terms';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { identityKey, useCall } from '../../lib/useCall';
import { useApp } from '../../stores/app';
import { chooseDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';
import { useMoreFields } from './WordPanelParts';

export interface PanelTarget {
  /** Surface text: one word, or the selected words with the text between them. */
  text: string;
  multiword: boolean;
  termId: number | null;
  sentence: string;
  /** The sentence with the clicked occurrence in {braces}, as terms store it. */
  markedSentence: string;
  reading?: string;
  /** The single words of a multi-word term, to open one of them instead. */
  parts?: { text: string; index: number }[];
  /** Opened to edit (Enter): the caret goes into Translation. Otherwise the keys keep working on the text. */
  focus?: boolean;
}

/** What the reader asks of an open panel: a status key saves with the panel's fields; Enter edits. */
export interface PanelControl {
  saveStatus(status: number): void;
  focusTranslation(): void;
  /**
   * The learner is leaving the panel (another word, Esc, close): true when it may go now. With unsaved edits it
   * saves them or asks first (setting `readerUnsavedEdits`: `ask`, the default, or `save`); false = stay.
   */
  leave(): boolean | Promise<boolean>;
}

/** Setting: what leaving the word panel with unsaved edits does (`ask` unless `save`). */
export const UNSAVED_EDITS_SETTING = 'readerUnsavedEdits';

/** Runs `then` once the open panel (if any) lets go: its unsaved edits are saved or confirmed first. */
export function afterLeavingPanel(control: React.MutableRefObject<PanelControl | null>, then: () => void): void {
  const ok = control.current ? control.current.leave() : true;
  if (ok === true) then();
  else if (ok !== false) void ok.then((yes) => yes && then());
}

export interface WordPanelProps {
  view: ReaderView;
  target: PanelTarget;
  /** Saved; `advance`: the learner set a status (move on to the next unknown word if the setting says so). */
  onSaved(term: TermDto, advance: boolean): void;
  onClose(): void;
  control?: React.MutableRefObject<PanelControl | null>;
  /** The system voice for the language; null hides the speech buttons. */
  voice?: SpeechSynthesisVoice | null;
  onOpenPart(index: number): void;
  onDeleted(termId: number): void;
  /** Shows or hides the sentence's translation under it in the text. */
  onTranslateSentence?(): void;
  /** A word correction was saved (WordCorrection.tsx): the reader reads the text again. */
  onCorrected?(): void;
}

interface FormFields {
  WoTranslation: string;
  WoRomanization: string;
  WoNotes: string;
  WoLemma: string;
  /** The field holds the language's automatic lemma, untouched: a save leaves it to the server (source 'auto'). */
  lemmaAuto: boolean;
  /** The lemma the field first showed (stored or automatic): emptying it means "no lemma" (noLemma). */
  lemmaOffered: string;
  tags: string;
  WoSentence: string;
}

const differs = (a: FormFields, b: FormFields) => (Object.keys(a) as (keyof FormFields)[]).some((k) => a[k] !== b[k]);

/**
 * Unsaved edits: a field changed since the form was last loaded or saved. The lemma counts only as the learner's
 * edit: not an automatic lemma (the server's rule stores it), nor the stored lemma itself — an automatic lemma or a
 * background fill may reach the field or the term while a save is on its way, and leaving would then ask about
 * edits the learner never made.
 */
const hasEdits = (now: FormFields, base: FormFields, storedLemma: string) => {
  const lemmaEdited = !now.lemmaAuto && now.WoLemma !== base.WoLemma && now.WoLemma.trim() !== storedLemma;
  return lemmaEdited || differs({ ...now, WoLemma: base.WoLemma, lemmaAuto: base.lemmaAuto, lemmaOffered: base.lemmaOffered }, base);
};

/** What a save sends: the panel's fields as typed, with the status. */
const termFields = (WoLgID: number, WoText: string, WoStatus: number, form: FormFields) => ({
  WoLgID,
  WoText,
  WoStatus,
  WoTranslation: form.WoTranslation,
  WoRomanization: form.WoRomanization,
  WoNotes: form.WoNotes,
  WoSentence: form.WoSentence,
  TermTags: { TagList: form.tags },
  ...lemmaOf(form),
});

/** The lemma a save sends: the learner's, none when they emptied the field, nothing (server's rule) otherwise. */
function lemmaOf(form: FormFields): { WoLemma?: string; noLemma?: true } {
  if (form.lemmaAuto) return {};
  if (form.WoLemma.trim()) return { WoLemma: form.WoLemma.trim() };
  return form.lemmaOffered ? { noLemma: true } : {};
}

export function useWordPanel({ view, target, onSaved, onClose, onDeleted, control }: WordPanelProps) {
  const languageId = view.language.LgID;
  const [term, setTerm] = useState<TermDto | null>(null);
  const termRef = useRef(term);
  termRef.current = term;
  const [loading, setLoading] = useState(target.termId !== null);
  const loadingRef = useRef(loading);
  loadingRef.current = loading;
  // A status key pressed before the term has loaded waits for it: saving then would send the empty form and wipe
  // the translation, notes and tags the learner already has (the panel reloads after every save).
  const statusWhenLoaded = useRef<number | null>(null);
  const [form, setForm] = useState<FormFields>({
    WoTranslation: '',
    WoRomanization: target.reading ?? '',
    WoNotes: '',
    WoLemma: '',
    lemmaAuto: false,
    lemmaOffered: '',
    tags: '',
    WoSentence: target.markedSentence,
  });
  const [status, setStatus] = useState(1);
  const statusRef = useRef(status);
  statusRef.current = status;
  // Not useAction: status keys pressed quickly each save in turn (3 then 4 ends at 4), where useAction would drop the
  // second as a double submit.
  const [saving, setSaving] = useState(false);
  const [more, toggleMore] = useMoreFields();
  const translationRef = useRef<HTMLTextAreaElement>(null);
  const saveOnLeave = useApp((s) => s.settings[UNSAVED_EDITS_SETTING] === 'save');
  // Unsaved edits: the form as typed against the form as last loaded or saved (refs: read by leave() at once).
  const formRef = useRef(form);
  formRef.current = form;
  const baseline = useRef(form);
  const unsavedEdits = () => hasEdits(formRef.current, baseline.current, termRef.current?.WoLemma ?? '');

  // Each new target (a click, even on the same word) loads the term again and resets the form to it.
  const loaded = useCall('terms.get', target.termId === null ? null : { id: target.termId }, [identityKey(target)], { toastErrors: true });
  useEffect(() => {
    if (target.termId === null) setLoading(false);
  }, [target]);
  useEffect(() => {
    const tm = loaded.data;
    if (!tm) return;
    setTerm(tm);
    setStatus(tm.WoStatus);
    const fromTerm = {
      WoTranslation: tm.WoTranslation,
      WoRomanization: tm.WoRomanization || target.reading || '',
      WoNotes: tm.WoNotes,
      WoLemma: tm.WoLemma ?? '',
      lemmaAuto: false,
      lemmaOffered: tm.WoLemma ?? '',
      tags: tm.TermTags.join(', '),
      WoSentence: tm.WoSentence || target.markedSentence,
    };
    setForm(fromTerm);
    formRef.current = fromTerm;
    baseline.current = fromTerm;
    setLoading(false);
  }, [loaded.data, target]);

  // The caret goes into Translation only when the learner asked to edit (Enter): otherwise 1-5, I, W, j, k
  // keep working on the text while the panel is open.
  const wantFocus = useRef(target.focus === true);
  useEffect(() => {
    if (!loading && wantFocus.current) {
      wantFocus.current = false;
      translationRef.current?.focus();
    }
  }, [loading]);

  async function save(nextStatus = status, advance = true, form = formRef.current) {
    setSaving(true);
    try {
      const saved = await send(termFields(languageId, term?.WoText ?? target.text, nextStatus, form));
      baseline.current = form;
      setTerm(saved);
      setStatus(saved.WoStatus);
      // The field that had the caret lets go of it, so the next key is a reader key again.
      if (document.activeElement instanceof HTMLElement && document.activeElement.closest('.word-panel')) document.activeElement.blur();
      onSaved(saved, advance);
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      setSaving(false);
    }
  }

  const send = (fields: ReturnType<typeof termFields>) =>
    target.multiword
      ? term
        ? api.call('reader.multiUpdate', { id: term.WoID, ...fields })
        : api.call('reader.multiCreate', fields)
      : api.call('reader.quickTerm', fields);

  async function remove() {
    if (!term) return;
    try {
      await api.call('terms.delete', { id: term.WoID });
      baseline.current = formRef.current;
      onDeleted(term.WoID);
    } catch (err) {
      showError(err);
    }
  }

  /** Leaving with unsaved edits: save them (setting `save`), or ask Save / Discard / stay. */
  async function leaveDirty(): Promise<boolean> {
    if (saveOnLeave) return save(status, false);
    const choice = await chooseDialog({
      title: t('wordPanel.saveEditsTitle', { word: target.text }),
      message: t('wordPanel.unsavedMessage'),
      options: [
        { value: 'save', label: t('wordPanel.save'), description: t('wordPanel.unsavedSaveHint') },
        { value: 'discard', label: t('wordPanel.unsavedDiscard'), description: t('wordPanel.unsavedDiscardHint') },
      ],
    });
    if (choice === 'save') return save(status, false);
    if (choice === 'discard') baseline.current = formRef.current;
    return choice === 'discard';
  }

  const saveRef = useRef(save);
  saveRef.current = save;
  const asking = useRef(false);
  const leaveRef = useRef(leaveDirty);
  leaveRef.current = leaveDirty;
  const sendRef = useRef(send);
  sendRef.current = send;
  // Leaving the reader itself (another page) with unsaved edits: there is no one left to ask, so they are
  // saved, and the learner is told. Closing or reloading the window asks (the browser's own prompt).
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (unsavedEdits()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (!unsavedEdits()) return;
      void sendRef
        .current(termFields(languageId, target.text, statusRef.current, formRef.current))
        .then(() => toast('success', t('wordPanel.editsSaved', { word: target.text })))
        .catch(showError);
    };
    // Mount and unmount only: the refs carry the latest form and term.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!control) return;
    control.current = {
      leave: () => {
        if (asking.current) return false;
        if (!unsavedEdits()) return true;
        asking.current = true;
        return leaveRef.current().finally(() => (asking.current = false));
      },
      saveStatus: (s) => {
        setStatus(s);
        if (loadingRef.current) statusWhenLoaded.current = s;
        else void saveRef.current(s);
      },
      focusTranslation: () => {
        if (translationRef.current) translationRef.current.focus();
        else wantFocus.current = true;
      },
    };
    return () => {
      control.current = null;
    };
  }, [control]);

  useEffect(() => {
    const pending = statusWhenLoaded.current;
    if (loading || pending === null) return;
    statusWhenLoaded.current = null;
    setStatus(pending);
    void saveRef.current(pending);
  }, [loading]);

  // A trusted automatic lemma (the language's measured table, issue 30) goes into the empty field, marked: what the
  // field shows is what a save stores, and the learner can clear it. Not an unsaved edit by itself.
  const fillAutomaticLemma = (lemma: string) => {
    if (formRef.current.WoLemma || formRef.current.lemmaOffered) return;
    const filled = { ...formRef.current, WoLemma: lemma, lemmaAuto: true, lemmaOffered: lemma };
    if (!differs(formRef.current, baseline.current)) baseline.current = filled;
    formRef.current = filled;
    setForm(filled);
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const onKeyDown = (e: React.KeyboardEvent) => {
    const field = ['INPUT', 'TEXTAREA'].includes((e.target as HTMLElement).tagName);
    // In a text field Enter saves and Shift+Enter makes a new line.
    if (e.key === 'Enter' && field && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      // The reader's own Esc key would close (and ask) a second time.
      e.stopPropagation();
      onClose();
    }
  };

  return {
    onKeyDown,
    term,
    status,
    setStatus,
    saving,
    loading,
    save,
    form,
    setForm,
    set,
    translationRef,
    more,
    toggleMore,
    fillAutomaticLemma,
    remove,
    languageId,
  };
}
