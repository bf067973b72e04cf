// Runs in: renderer. Anki feature state shared by its pages and the window-wide drop handler: the running
// re-import (progress, summary) and a deck file handed to the create-only import wizard.
import { create } from 'zustand';
import type { ReimportSummary } from '../../../src-shared/contract/apkg';
import { api, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export const isApkg = (file: File) => /\.apkg$/i.test(file.name);

interface ReimportState {
  fileName: string | null;
  /** Upload progress 0..1; null while the server merges (indeterminate). */
  progress: number | null;
  busy: boolean;
  summary: ReimportSummary | null;
  error: string | null;
}

interface AnkiState {
  reimport: ReimportState;
  /** A file dropped on the window for the create-only import; the wizard picks it up. */
  deckFile: File | null;
  runReimport(file: File): Promise<void>;
  setDeckFile(file: File | null): void;
}

const idle: ReimportState = { fileName: null, progress: 0, busy: false, summary: null, error: null };

export const useAnki = create<AnkiState>((set, get) => ({
  reimport: idle,
  deckFile: null,
  async runReimport(file) {
    if (get().reimport.busy) return;
    set({ reimport: { ...idle, fileName: file.name, busy: true } });
    try {
      const summary = await api.call(
        'apkg.reimport',
        { file: file },
        {
          onUploadProgress: (f) => set((s) => ({ reimport: { ...s.reimport, progress: f >= 1 ? null : f } })),
        },
      );
      set((s) => ({ reimport: { ...s.reimport, busy: false, progress: 1, summary } }));
      toast('success', t('anki.changesApplied', { count: summary.updated }));
    } catch (err) {
      set((s) => ({ reimport: { ...s.reimport, busy: false, error: errorMessage(err) } }));
      showError(err);
    }
  },
  setDeckFile(file) {
    set({ deckFile: file });
  },
}));
