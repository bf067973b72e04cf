// Runs in: renderer. The term import's effects (ImportPage renders it): the preview, re-asked 250 ms after any
// change of the source or the parsing options, and the import through useUpload with its progress, result and the
// terms it made. The state and its transitions are termImportModel.ts (pure, unit-tested).
import { useEffect, useReducer } from 'react';
import type { ColumnRole } from '../../../src-shared/import/term-rows';
import { api, errorMessage } from '../../api/client';
import { useUpload } from '../../lib/useUpload';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { chosenClippingsBooks } from './clippingsChoice';
import { importRequest, initialTermImport, previewRequest, reduceTermImport, type DelimiterName, type Duplicates } from './termImportModel';

export type { DelimiterName };

export function useTermImport() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [state, dispatch] = useReducer(reduceTermImport, currentLanguageId, initialTermImport);
  // The import's upload; its error line also says why a preview failed.
  const upload = useUpload<'import'>();
  const setError = upload.setError;

  // Preview whenever the source or the parsing options change; an answer that comes after a newer change is dropped.
  const { languageId, mode, text, file, delimiter, hasHeader } = state;
  useEffect(() => {
    const request = previewRequest(state);
    setError(null);
    if (!request) return dispatch({ type: 'noPreview' });
    let current = true;
    const tm = setTimeout(() => {
      api.call('terms.importPreview', request).then(
        (preview) => current && dispatch({ type: 'previewed', preview }),
        (err: unknown) => {
          if (!current) return;
          dispatch({ type: 'noPreview' });
          setError(errorMessage(err));
        },
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(tm);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [languageId, mode, text, file, delimiter, hasHeader]);

  async function runImport() {
    const request = importRequest(state);
    if (!request) return;
    dispatch({ type: 'importStarted' });
    const res = await upload.run(
      'import',
      (onUploadProgress) => api.call('terms.import', { ...request, ...chosenClippingsBooks(state.preview) }, { onUploadProgress }),
      { sendsFile: 'file' in request },
    );
    if (!res) return;
    dispatch({ type: 'importDone', result: res });
    toast('success', t('termImport.importedToast', { created: res.created, updated: res.updated, skipped: res.skipped }));
    if (res.texts?.length) toast('success', t('termImport.clippingsTexts', { count: res.texts.length }));
    const list = await upload.run('import', () => api.call('terms.imported', { per_page: 20 }), { sendsFile: false });
    if (list) dispatch({ type: 'importedListed', imported: list });
  }

  return {
    ...state,
    setLanguageId: (id: number | null) => dispatch({ type: 'language', languageId: id }),
    setMode: (m: 'paste' | 'file') => dispatch({ type: 'mode', mode: m }),
    setText: (s: string) => dispatch({ type: 'text', text: s }),
    setFile: (f: File | null) => dispatch({ type: 'file', file: f }),
    setDelimiter: (d: DelimiterName) => dispatch({ type: 'delimiter', delimiter: d }),
    setHasHeader: (h: boolean | undefined) => dispatch({ type: 'hasHeader', hasHeader: h }),
    setDuplicates: (d: Duplicates) => dispatch({ type: 'duplicates', duplicates: d }),
    setRole: (index: number, role: ColumnRole) => dispatch({ type: 'role', index, role }),
    upload,
    runImport,
  };
}
