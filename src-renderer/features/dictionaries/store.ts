// Runs in: renderer. The dictionary import in progress (one at a time), shared by the Dictionaries page
// and the window-wide drop handler, so a file dropped anywhere shows its progress on the page.
import { create } from 'zustand';
import type { DictionaryImportSummary } from '../../../src-shared/contract/dictionaries';
import { api, errorMessage, transport } from '../../api/client';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export interface ImportJob {
  filename: string;
  phase: 'uploading' | 'processing' | 'done' | 'failed';
  /** Upload fraction 0..1; processing has no fraction (the core answers when done). */
  uploaded: number;
  summary?: DictionaryImportSummary;
  error?: string;
}

interface DictionaryImportState {
  job: ImportJob | null;
  /** Bumped after every finished import so lists reload. */
  revision: number;
  dismiss(): void;
}

export const useDictionaryImport = create<DictionaryImportState>((set) => ({
  job: null,
  revision: 0,
  dismiss: () => set({ job: null }),
}));

const update = (patch: Partial<ImportJob>) => useDictionaryImport.setState((s) => (s.job ? { job: { ...s.job, ...patch } } : {}));

/** Files the importer takes (a bare .ifo too: the core answers it with the hint to upload an archive). */
export const DICTIONARY_EXTENSIONS = ['.csv', '.tsv', '.json', '.zip', '.tar.gz', '.tgz', '.tar.bz2', '.tar.xz', '.ifo'];

/**
 * Uploads one file: into `dictionaryId` when given (append, or replace its entries), else as a new
 * dictionary of the language named after the file. Resolves with the summary, or null on failure.
 */
export async function importDictionaryFile(
  file: File,
  target: { languageId: number; dictionaryId?: number; replace?: boolean },
): Promise<DictionaryImportSummary | null> {
  if (useDictionaryImport.getState().job?.phase === 'uploading' || useDictionaryImport.getState().job?.phase === 'processing') {
    toast('info', t('dictionaries.anotherImportRunning'));
    return null;
  }
  // Over IPC the bytes are handed over at once: there is no upload phase to show.
  const phase = transport() === 'ipc' ? 'processing' : 'uploading';
  useDictionaryImport.setState({ job: { filename: file.name, phase, uploaded: 0 } });
  const onUploadProgress = (fraction: number) => update(fraction >= 1 ? { uploaded: 1, phase: 'processing' } : { uploaded: fraction });
  try {
    const summary =
      target.dictionaryId !== undefined
        ? await api.call('dictionaries.import', { id: target.dictionaryId, file, replace: target.replace ?? false }, { onUploadProgress })
        : await api.call('dictionaries.upload', { language_id: target.languageId, file }, { onUploadProgress });
    update({ phase: 'done', uploaded: 1, summary });
    useDictionaryImport.setState((s) => ({ revision: s.revision + 1 }));
    return summary;
  } catch (err) {
    update({ phase: 'failed', error: errorMessage(err) });
    return null;
  }
}
