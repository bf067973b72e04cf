// Runs in: renderer. The word panel's effects (WordPanel renders it): loading the term for each new target, saving
// and deleting, the Save / Discard dialog when the panel is left with unsaved edits, the reader's control of the
// open panel, and its keys. The state and its transitions are wordPanelModel.ts (pure, unit-tested).
import { useEffect, useRef } from 'react';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { identityKey, useCall } from '../../lib/useCall';
import { useModel } from '../../lib/useModel';
import { useApp } from '../../stores/app';
import { useMoreFields } from './WordPanelParts';
import { askAboutEdits, guardPageExit, panelKeys, UNSAVED_EDITS_SETTING, type WordPanelProps } from './panelControl';
import { hasUnsavedEdits, initialWordPanel, leaveChoice, reduceWordPanel, saveEndpoint, termFields, type FormFields, type TermFields } from './wordPanelModel';

export { afterLeavingPanel, UNSAVED_EDITS_SETTING, type PanelControl, type PanelTarget, type WordPanelProps } from './panelControl';

export function useWordPanel({ view, target, onSaved, onClose, onDeleted, control }: WordPanelProps) {
  const languageId = view.language.LgID;
  // get() reads the state a dispatch just made: leave() may be asked right after a save, before React renders.
  const [state, dispatch, get] = useModel(reduceWordPanel, () => initialWordPanel(target));
  const [more, toggleMore] = useMoreFields();
  const translationRef = useRef<HTMLTextAreaElement>(null);
  const saveOnLeave = useApp((s) => s.settings[UNSAVED_EDITS_SETTING] === 'save');

  // Each new target (a click, even on the same word) loads the term again and resets the form to it.
  const loaded = useCall('terms.get', target.termId === null ? null : { id: target.termId }, [identityKey(target)], { toastErrors: true });
  useEffect(() => {
    if (target.termId === null) dispatch({ type: 'nothingToLoad' });
  }, [target, dispatch]);
  useEffect(() => {
    if (loaded.data) dispatch({ type: 'loaded', term: loaded.data, target });
  }, [loaded.data, target, dispatch]);

  // The caret goes into Translation only when the learner asked to edit (Enter): otherwise 1-5, I, W, j, k
  // keep working on the text while the panel is open.
  const wantFocus = useRef(target.focus === true);
  useEffect(() => {
    if (!state.loading && wantFocus.current) {
      wantFocus.current = false;
      translationRef.current?.focus();
    }
  }, [state.loading]);

  const send = (fields: TermFields) => {
    const to = saveEndpoint(target, get().term);
    return to.name === 'reader.multiUpdate' ? api.call(to.name, { id: to.id, ...fields }) : api.call(to.name, fields);
  };

  async function save(nextStatus = get().status, advance = true, form: FormFields = get().form) {
    dispatch({ type: 'saveStarted' });
    try {
      const saved = await send(termFields(languageId, get().term?.WoText ?? target.text, nextStatus, form));
      dispatch({ type: 'saved', term: saved, form });
      // The field that had the caret lets go of it, so the next key is a reader key again.
      if (document.activeElement instanceof HTMLElement && document.activeElement.closest('.word-panel')) document.activeElement.blur();
      onSaved(saved, advance);
      return true;
    } catch (err) {
      showError(err);
      return false;
    } finally {
      dispatch({ type: 'saveEnded' });
    }
  }

  async function remove() {
    const term = get().term;
    if (!term) return;
    try {
      await api.call('terms.delete', { id: term.WoID });
      dispatch({ type: 'letGo' });
      onDeleted(term.WoID);
    } catch (err) {
      showError(err);
    }
  }

  /** Leaving with unsaved edits: save them (setting `save`), or ask Save / Discard / stay. */
  async function leaveDirty(): Promise<boolean> {
    if (leaveChoice(get(), saveOnLeave) === 'save') return save(get().status, false);
    const choice = await askAboutEdits(target.text);
    if (choice === 'save') return save(get().status, false);
    if (choice === 'discard') dispatch({ type: 'letGo' });
    return choice === 'discard';
  }

  const latest = useRef({ save, leaveDirty, send }); // the latest closures, for the effects that outlive a render
  latest.current = { save, leaveDirty, send };
  const asking = useRef(false);
  // Leaving the reader (another page) with unsaved edits saves them; closing the window asks. Mount and unmount
  // only: get() and the ref carry the latest form and term.
  useEffect(
    () =>
      guardPageExit(
        () => hasUnsavedEdits(get()),
        () => latest.current.send(termFields(languageId, target.text, get().status, get().form)),
        target.text,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    if (!control) return;
    control.current = {
      leave: () => {
        if (asking.current) return false;
        if (!hasUnsavedEdits(get())) return true;
        asking.current = true;
        return latest.current.leaveDirty().finally(() => (asking.current = false));
      },
      saveStatus: (s) => {
        dispatch({ type: 'statusKey', status: s });
        if (!get().loading) void latest.current.save(s);
      },
      focusTranslation: () => {
        if (translationRef.current) translationRef.current.focus();
        else wantFocus.current = true;
      },
    };
    return () => {
      control.current = null;
    };
  }, [control, dispatch, get]);

  // A status key pressed while the term loaded: saved now, with the loaded fields.
  useEffect(() => {
    const pending = get().statusWhenLoaded;
    if (state.loading || pending === null) return;
    dispatch({ type: 'pendingStatusTaken' });
    void latest.current.save(pending);
  }, [state.loading, dispatch, get]);

  const setForm = (next: FormFields | ((f: FormFields) => FormFields)) =>
    dispatch({ type: 'form', form: typeof next === 'function' ? next(get().form) : next });
  const set = (field: keyof FormFields) => (e: { target: { value: string } }) => dispatch({ type: 'field', field, value: e.target.value });
  return {
    ...state,
    onKeyDown: panelKeys(() => void save(), onClose),
    setStatus: (status: number) => dispatch({ type: 'status', status }),
    save,
    setForm,
    set,
    translationRef,
    more,
    toggleMore,
    fillAutomaticLemma: (lemma: string) => dispatch({ type: 'automaticLemma', lemma }),
    remove,
    languageId,
  };
}
