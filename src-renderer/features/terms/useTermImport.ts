// Runs in: renderer. The term import's state machine (ImportPage renders it): the source (pasted text or a file),
// the parsing options, the column roles proposed by the preview (re-asked 250 ms after any change), and the
// import with its progress, result and the terms it made.
import { useEffect, useState } from 'react';
import type { DELIMITER_NAMES, TermImportPreview, TermImportResult, TermPage } from '../../../src-shared/contract/terms';
import type { ColumnRole } from '../../../src-shared/import/term-rows';
import { api, errorMessage } from '../../api/client';
import { useUpload } from '../../lib/useUpload';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { chosenClippingsBooks } from './clippingsChoice';

export type DelimiterName = (typeof DELIMITER_NAMES)[number];

export function useTermImport() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [mode, setMode] = useState<'paste' | 'file'>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [delimiter, setDelimiter] = useState<DelimiterName>('auto');
  const [hasHeader, setHasHeader] = useState<boolean | undefined>(undefined);
  const [roles, setRoles] = useState<ColumnRole[]>([]);
  const [duplicates, setDuplicates] = useState<'skip' | 'overwrite'>('skip');
  const [preview, setPreview] = useState<TermImportPreview | null>(null);
  // The import's upload; its error line also says why a preview failed.
  const upload = useUpload<'import'>();
  const setError = upload.setError;
  const [result, setResult] = useState<TermImportResult | null>(null);
  const [imported, setImported] = useState<TermPage | null>(null);

  // The client turns File objects into uploads (multipart or IPC bytes).
  const source = (): { file: File } | { text: string } | null => (mode === 'file' ? (file ? { file: file } : null) : text.trim() ? { text } : null);

  // Preview whenever the source or the parsing options change.
  useEffect(() => {
    const src = source();
    setError(null);
    if (!languageId || !src) return setPreview(null);
    const tm = setTimeout(() => {
      api.call('terms.importPreview', { language_id: languageId, ...src, delimiter, has_header: hasHeader }).then(
        (p) => {
          setPreview(p);
          setRoles(p.roles);
          if (hasHeader === undefined) setHasHeader(p.has_header);
        },
        (err: unknown) => {
          setPreview(null);
          setError(errorMessage(err));
        },
      );
    }, 250);
    return () => clearTimeout(tm);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [languageId, mode, text, file, delimiter, hasHeader]);

  async function runImport() {
    const src = source();
    if (!languageId || !src) return;
    setResult(null);
    const res = await upload.run(
      'import',
      (onUploadProgress) =>
        api.call(
          'terms.import',
          { language_id: languageId, ...src, delimiter, has_header: hasHeader ?? false, columns: roles, duplicates, ...chosenClippingsBooks(preview) },
          { onUploadProgress },
        ),
      { sendsFile: 'file' in src },
    );
    if (!res) return;
    setResult(res);
    toast('success', t('termImport.importedToast', { created: res.created, updated: res.updated, skipped: res.skipped }));
    if (res.texts?.length) toast('success', t('termImport.clippingsTexts', { count: res.texts.length }));
    const list = await upload.run('import', () => api.call('terms.imported', { per_page: 20 }), { sendsFile: false });
    if (list) setImported(list);
  }

  const setRole = (i: number, role: ColumnRole) => setRoles((r) => r.map((x, j) => (j === i ? role : x === role && role !== 'skip' ? 'skip' : x)));

  return {
    languageId,
    setLanguageId,
    mode,
    setMode,
    text,
    setText,
    file,
    setFile,
    delimiter,
    setDelimiter,
    hasHeader,
    setHasHeader,
    roles,
    duplicates,
    setDuplicates,
    preview,
    upload,
    result,
    imported,
    runImport,
    setRole,
  };
}
