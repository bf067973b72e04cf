// Runs in: renderer. Toasts and modal dialogs (confirm / choose), driven by promises.
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

interface DialogRequest {
  title: string;
  message?: string;
  confirmLabel?: string;
  danger?: boolean;
  options?: ChoiceOption[];
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

/** Asks a yes/no question; resolves true when confirmed. */
export function confirmDialog(opts: { title: string; message?: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => useUi.setState({ dialog: { ...opts, resolve: (v) => resolve(v === true) } }));
}

/** Asks the user to pick one option; resolves its value, or null when cancelled. */
export function chooseDialog<T extends string>(opts: { title: string; message?: string; options: ChoiceOption<T>[] }): Promise<T | null> {
  return new Promise((resolve) =>
    useUi.setState({ dialog: { ...opts, resolve: (v) => resolve(typeof v === 'string' ? (v as T) : null) } }),
  );
}
