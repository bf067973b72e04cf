// Runs in: renderer. The term import's state machine (ImportPage renders it): the source (pasted text or a file),
// the parsing options, the column roles proposed by the preview (re-asked 250 ms after any change), and the
// import with its progress, result and the terms it made.
import { useEffect, useState } from 'react';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { DELIMITER_NAMES, TermImportPreview, TermImportResult, TermPage } from '../../../src-shared/contract/terms';
import type { ColumnRole } from '../../../src-shared/import/term-rows';
import { api, ApiError, errorMessage } from '../../api/client';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';

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
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [result, setResult] = useState<TermImportResult | null>(null);
  const [imported, setImported] = useState<TermPage | null>(null);

  // The client turns File objects into uploads (multipart or IPC bytes); the contract types the parsed form.
  const source = (): { file: UploadedFile } | { text: string } | null =>
    mode === 'file' ? (file ? { file: file as unknown as UploadedFile } : null) : text.trim() ? { text } : null;

  // Preview whenever the source or the parsing options change.
  useEffect(() => {
    const src = source();
    setError('');
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
    setError('');
    setResult(null);
    setProgress('file' in src ? 0 : null);
    try {
      const res = await api.call(
        'terms.import',
        { language_id: languageId, ...src, delimiter, has_header: hasHeader ?? false, columns: roles, duplicates },
        {
          onUploadProgress: (f) => setProgress(f >= 1 ? null : f),
        },
      );
      setResult(res);
      toast('success', t('terms.imported', { created: res.created, updated: res.updated, skipped: res.skipped }));
      setImported(await api.call('terms.imported', { per_page: 20 }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : errorMessage(err));
    } finally {
      setProgress(undefined);
    }
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
    error,
    progress,
    result,
    imported,
    runImport,
    setRole,
  };
}
