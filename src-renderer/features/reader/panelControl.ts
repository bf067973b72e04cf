// Runs in: renderer. What the reader and its word panel say to each other: the target a panel opens on, what the
// reader asks of an open panel (a status key saves, Enter edits, leaving waits for unsaved edits), and the setting
// that says what leaving with unsaved edits does, the Save / Discard question, and the panel's own keys.
import type { ReaderView } from '../../../src-shared/contract/reader';
import type { TermDto } from '../../../src-shared/contract/terms';
import { t } from '../../lib/i18n';
import { showError } from '../../lib/errors';
import { chooseDialog, toast } from '../../stores/ui';

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

/** A word panel's props: the reader's view, the target, and what the panel tells the reader. */
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

/** Leaving a panel with unsaved edits (setting `ask`): Save, Discard, or null to stay. */
export const askAboutEdits = (word: string) =>
  chooseDialog({
    title: t('wordPanel.saveEditsTitle', { word }),
    message: t('wordPanel.unsavedMessage'),
    options: [
      { value: 'save', label: t('wordPanel.save'), description: t('wordPanel.unsavedSaveHint') },
      { value: 'discard', label: t('wordPanel.unsavedDiscard'), description: t('wordPanel.unsavedDiscardHint') },
    ],
  });

/** The panel's keys: in a text field Enter saves (Shift+Enter makes a new line); Esc closes. */
export const panelKeys = (save: () => void, close: () => void) => (e: React.KeyboardEvent) => {
  const field = ['INPUT', 'TEXTAREA'].includes((e.target as HTMLElement).tagName);
  if (e.key === 'Enter' && field && !e.shiftKey && !e.nativeEvent.isComposing) {
    e.preventDefault();
    save();
  } else if (e.key === 'Escape') {
    e.preventDefault();
    // The reader's own Esc key would close (and ask) a second time.
    e.stopPropagation();
    close();
  }
};

/**
 * While a panel is open: closing or reloading the window with unsaved edits asks (the browser's own prompt); leaving
 * the reader itself (the panel unmounts, another page) has no one left to ask, so the edits are saved and the learner
 * told. Returns the effect's clean-up.
 */
export function guardPageExit(unsaved: () => boolean, saveEdits: () => Promise<unknown>, word: string): () => void {
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (unsaved()) e.preventDefault();
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    window.removeEventListener('beforeunload', onBeforeUnload);
    if (!unsaved()) return;
    void saveEdits()
      .then(() => toast('success', t('wordPanel.editsSaved', { word })))
      .catch(showError);
  };
}
