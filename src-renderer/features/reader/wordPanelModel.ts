// Runs in: renderer (pure: no DOM, no fetch; unit-tested in wordPanelModel.test.ts). The word panel's state and its
// transitions: the term loaded for the target, the form against what was last loaded or saved (unsaved edits), the
// status (a status key pressed before the term has loaded waits for it), saving, deleting, and what a save sends.
// useWordPanel runs the effects (load, save, delete, dialogs, keys) and dispatches.
import type { TermDto } from '../../../src-shared/contract/terms';
import type { PanelTarget } from './panelControl';

export interface FormFields {
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

export interface WordPanelState {
  /** The stored term; null for a new word (or until it has loaded). */
  term: TermDto | null;
  loading: boolean;
  form: FormFields;
  /** The form as last loaded or saved: what "unsaved edits" are measured against. */
  baseline: FormFields;
  status: number;
  /**
   * A save runs. Not useAction: status keys pressed quickly each save in turn (3 then 4 ends at 4), where useAction
   * would drop the second as a double submit.
   */
  saving: boolean;
  /** A status key pressed while the term loads: saved once it has (saving before would wipe its fields). */
  statusWhenLoaded: number | null;
}

export type WordPanelAction =
  | { type: 'loaded'; term: TermDto; target: PanelTarget }
  /** A new word: nothing to load. */
  | { type: 'nothingToLoad' }
  | { type: 'form'; form: FormFields }
  | { type: 'field'; field: keyof FormFields; value: string }
  | { type: 'status'; status: number }
  /** A status key from the reader: waits for the term while it loads. */
  | { type: 'statusKey'; status: number }
  | { type: 'pendingStatusTaken' }
  | { type: 'saveStarted' }
  | { type: 'saved'; term: TermDto; form: FormFields }
  | { type: 'saveEnded' }
  /** The edits were discarded, or the term deleted: nothing is left unsaved. */
  | { type: 'letGo' }
  | { type: 'automaticLemma'; lemma: string };

const formOfTarget = (target: PanelTarget): FormFields => ({
  WoTranslation: '',
  WoRomanization: target.reading ?? '',
  WoNotes: '',
  WoLemma: '',
  lemmaAuto: false,
  lemmaOffered: '',
  tags: '',
  WoSentence: target.markedSentence,
});

const formOfTerm = (term: TermDto, target: PanelTarget): FormFields => ({
  WoTranslation: term.WoTranslation,
  WoRomanization: term.WoRomanization || target.reading || '',
  WoNotes: term.WoNotes,
  WoLemma: term.WoLemma ?? '',
  lemmaAuto: false,
  lemmaOffered: term.WoLemma ?? '',
  tags: term.TermTags.join(', '),
  WoSentence: term.WoSentence || target.markedSentence,
});

/** The panel opened on a target: a stored term loads first; a new word's form starts from the text's reading and sentence. */
export function initialWordPanel(target: PanelTarget): WordPanelState {
  const form = formOfTarget(target);
  return { term: null, loading: target.termId !== null, form, baseline: form, status: 1, saving: false, statusWhenLoaded: null };
}

export function reduceWordPanel(state: WordPanelState, action: WordPanelAction): WordPanelState {
  switch (action.type) {
    case 'loaded': {
      const form = formOfTerm(action.term, action.target);
      return { ...state, term: action.term, status: action.term.WoStatus, form, baseline: form, loading: false };
    }
    case 'nothingToLoad':
      return { ...state, loading: false };
    case 'form':
      return { ...state, form: action.form };
    case 'field':
      return { ...state, form: { ...state.form, [action.field]: action.value } };
    case 'status':
      return { ...state, status: action.status };
    case 'statusKey':
      return { ...state, status: action.status, statusWhenLoaded: state.loading ? action.status : state.statusWhenLoaded };
    case 'pendingStatusTaken':
      return { ...state, status: state.statusWhenLoaded ?? state.status, statusWhenLoaded: null };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saved':
      return { ...state, term: action.term, status: action.term.WoStatus, baseline: action.form };
    case 'saveEnded':
      return { ...state, saving: false };
    case 'letGo':
      return { ...state, baseline: state.form };
    case 'automaticLemma': {
      // A trusted automatic lemma goes into the empty field, marked: what the field shows is what a save stores, and
      // the learner can clear it. Not an unsaved edit by itself.
      if (state.form.WoLemma || state.form.lemmaOffered) return state;
      const filled = { ...state.form, WoLemma: action.lemma, lemmaAuto: true, lemmaOffered: action.lemma };
      return { ...state, form: filled, baseline: differs(state.form, state.baseline) ? state.baseline : filled };
    }
  }
}

const differs = (a: FormFields, b: FormFields) => (Object.keys(a) as (keyof FormFields)[]).some((k) => a[k] !== b[k]);

/**
 * Unsaved edits: a field changed since the form was last loaded or saved. The lemma counts only as the learner's
 * edit: not an automatic lemma (the server's rule stores it), nor the stored lemma itself — an automatic lemma or a
 * background fill may reach the field or the term while a save is on its way, and leaving would then ask about
 * edits the learner never made.
 */
export function hasUnsavedEdits({ form, baseline, term }: WordPanelState): boolean {
  const lemmaEdited = !form.lemmaAuto && form.WoLemma !== baseline.WoLemma && form.WoLemma.trim() !== (term?.WoLemma ?? '');
  return lemmaEdited || differs({ ...form, WoLemma: baseline.WoLemma, lemmaAuto: baseline.lemmaAuto, lemmaOffered: baseline.lemmaOffered }, baseline);
}

/** Leaving the panel: go at once (nothing unsaved), save the edits (setting `save`), or ask the learner. */
export const leaveChoice = (state: WordPanelState, saveOnLeave: boolean): 'go' | 'save' | 'ask' =>
  !hasUnsavedEdits(state) ? 'go' : saveOnLeave ? 'save' : 'ask';

/** The lemma a save sends: the learner's, none when they emptied the field, nothing (server's rule) otherwise. */
function lemmaOf(form: FormFields): { WoLemma?: string; noLemma?: true } {
  if (form.lemmaAuto) return {};
  if (form.WoLemma.trim()) return { WoLemma: form.WoLemma.trim() };
  return form.lemmaOffered ? { noLemma: true } : {};
}

/** What a save sends: the panel's fields as typed, with the status. */
export const termFields = (WoLgID: number, WoText: string, WoStatus: number, form: FormFields) => ({
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
export type TermFields = ReturnType<typeof termFields>;

/** Where a save goes: a selection of words updates its stored term or makes one; a single word is a quick term. */
export type SaveEndpoint = { name: 'reader.multiUpdate'; id: number } | { name: 'reader.multiCreate' } | { name: 'reader.quickTerm' };
export const saveEndpoint = (target: PanelTarget, term: TermDto | null): SaveEndpoint =>
  !target.multiword ? { name: 'reader.quickTerm' } : term ? { name: 'reader.multiUpdate', id: term.WoID } : { name: 'reader.multiCreate' };
