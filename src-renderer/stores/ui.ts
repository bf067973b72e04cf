// Runs in: renderer. Toasts and modal dialogs (confirm / choose / prompt), driven by promises.
import { create } from 'zustand';

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
}

export interface ChoiceOption<T extends string = string> {
  value: T;
  label: string;
  description?: string;
}

export interface PromptOptions {
  title: string;
  message?: string;
  /** Label of the text field. */
  label: string;
  initialValue?: string;
  placeholder?: string;
  confirmLabel?: string;
  /** Returns what is wrong with the value (shown under the field, confirming is refused), or null. */
  validate?: (value: string) => string | null;
}

interface DialogRequest {
  title: string;
  message?: string;
  confirmLabel?: string;
  danger?: boolean;
  options?: ChoiceOption[];
  prompt?: Pick<PromptOptions, 'label' | 'initialValue' | 'placeholder' | 'validate'>;
  resolve(value: string | boolean | null): void;
}

interface UiState {
  toasts: Toast[];
  dialog: DialogRequest | null;
}

export const useUi = create<UiState>(() => ({ toasts: [], dialog: null }));

let nextToast = 1;
export function toast(kind: Toast['kind'], message: string, ms = kind === 'error' ? 8000 : 4000) {
  const id = nextToast++;
  useUi.setState((s) => ({ toasts: [...s.toasts, { id, kind, message }] }));
  setTimeout(() => useUi.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), ms);
}

/** Shows a dialog; one asked while another is open cancels the open one, so no caller waits forever. */
function openDialog(dialog: DialogRequest): void {
  useUi.getState().dialog?.resolve(null);
  useUi.setState({ dialog });
}

/** Asks a yes/no question; resolves true when confirmed. */
export function confirmDialog(opts: { title: string; message?: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => openDialog({ ...opts, resolve: (v) => resolve(v === true) }));
}

/** Asks the user to pick one option; resolves its value, or null when cancelled. */
export function chooseDialog<T extends string>(opts: { title: string; message?: string; options: ChoiceOption<T>[] }): Promise<T | null> {
  return new Promise((resolve) => openDialog({ ...opts, resolve: (v) => resolve(typeof v === 'string' ? (v as T) : null) }));
}

/**
 * Asks for one line of text (Enter confirms, Esc cancels); resolves the text as typed, or null when
 * cancelled. With `validate`, a value it finds fault with cannot be confirmed and its message shows inline.
 */
export function promptDialog(opts: PromptOptions): Promise<string | null> {
  const { label, initialValue, placeholder, validate, ...rest } = opts;
  return new Promise((resolve) =>
    openDialog({ ...rest, prompt: { label, initialValue, placeholder, validate }, resolve: (v) => resolve(typeof v === 'string' ? v : null) }),
  );
}
