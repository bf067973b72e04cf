// Runs in: renderer. Term import (/vocabulary/import): paste or pick a CSV/TSV file, say which column holds what,
// choose skip or overwrite for duplicates, import with a progress bar; plus the lemma-list import.
import { useEffect, useState } from 'react';
import { TERM_IMPORT_ROLES, type ColumnRole } from '../../../src-shared/import/term-rows';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { DELIMITER_NAMES, TermImportPreview, TermImportResult, TermPage } from '../../../src-shared/contract/terms';
import { api, ApiError, errorMessage } from '../../api/client';
import { Link } from '../../lib/router';
import { Markdown } from '../../components/Markdown';
import { Field, Page, ProgressBar } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { LanguageSelect, StatusBadge } from './shared';
import { LemmaListImport } from '../lemmas/LemmaListImport';
import './terms.css';
import { countOf } from '../../lib/plural';

type DelimiterName = (typeof DELIMITER_NAMES)[number];
const ROLE_LABELS: Record<ColumnRole, string> = {
  skip: '— skip —',
  term: 'Term',
  translation: 'Translation',
  romanization: 'Romanization',
  sentence: 'Sentence',
  notes: 'Notes',
  tags: 'Tags',
  status: 'Status',
  lemma: 'Lemma',
};

export default function ImportPage() {
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
    const t = setTimeout(() => {
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
    return () => clearTimeout(t);
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
      toast('success', `Imported: ${res.created} new, ${res.updated} updated, ${res.skipped} skipped`);
      setImported(await api.call('terms.imported', { per_page: 20 }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : errorMessage(err));
    } finally {
      setProgress(undefined);
    }
  }

  const setRole = (i: number, role: ColumnRole) => setRoles((r) => r.map((x, j) => (j === i ? role : x === role && role !== 'skip' ? 'skip' : x)));

  return (
    <Page
      title="Import terms"
      subtitle="CSV, TSV or JSON, UTF-8. Map the columns, choose what happens to terms you already have."
      wide
      actions={
        <Link className="btn btn-ghost" to="/vocabulary">
          Back to vocabulary
        </Link>
      }
    >
      <div className="import-layout">
        <section className="card">
          <div className="form-grid">
            <Field label="Language">
              <LanguageSelect value={languageId} onChange={setLanguageId} />
            </Field>
            <div className="seg" role="tablist" aria-label="Source">
              <button
                role="tab"
                aria-selected={mode === 'paste'}
                className={`btn btn-small${mode === 'paste' ? ' active' : ''}`}
                onClick={() => setMode('paste')}
              >
                Paste
              </button>
              <button role="tab" aria-selected={mode === 'file'} className={`btn btn-small${mode === 'file' ? ' active' : ''}`} onClick={() => setMode('file')}>
                File
              </button>
            </div>
            {mode === 'paste' ? (
              <Field label="Rows" hint="One term per line; columns separated by tabs, commas or semicolons.">
                <textarea
                  className="input mono"
                  rows={8}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder={'term\ttranslation\tnotes\nHaus\thouse\tdas Haus'}
                  aria-label="Rows to import"
                />
              </Field>
            ) : (
              <div
                className="drop-zone"
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  const f = e.dataTransfer.files[0];
                  if (f) setFile(f);
                }}
              >
                <p>
                  {file ? (
                    <>
                      <strong>{file.name}</strong> ({Math.round(file.size / 1024).toLocaleString()} KB)
                    </>
                  ) : (
                    'Drop a .csv, .tsv, .txt or .json file here, or'
                  )}
                </p>
                <label className="btn">
                  Choose file
                  <input
                    type="file"
                    accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
                    hidden
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                    aria-label="File to import"
                  />
                </label>
              </div>
            )}
            <div className="import-options">
              <Field label="Separator">
                <select className="input" value={delimiter} onChange={(e) => setDelimiter(e.target.value as DelimiterName)}>
                  <option value="auto">Detect</option>
                  <option value="tab">Tab</option>
                  <option value="comma">Comma</option>
                  <option value="semicolon">Semicolon</option>
                  <option value="pipe">Pipe |</option>
                </select>
              </Field>
              <label className="check">
                <input type="checkbox" checked={hasHeader ?? false} onChange={(e) => setHasHeader(e.target.checked)} /> First row is a header
              </label>
              <fieldset className="radio-group">
                <legend>Terms you already have</legend>
                <label className="check">
                  <input type="radio" name="dup" checked={duplicates === 'skip'} onChange={() => setDuplicates('skip')} /> Skip them
                </label>
                <label className="check">
                  <input type="radio" name="dup" checked={duplicates === 'overwrite'} onChange={() => setDuplicates('overwrite')} /> Overwrite with the file’s
                  values
                </label>
              </fieldset>
            </div>
          </div>
        </section>

        <section className="card import-preview">
          <h3>Columns {preview ? <span className="muted">· {countOf(preview.rows, 'row')}</span> : null}</h3>
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          {!preview ? (
            <p className="muted">{languageId ? 'Paste rows or choose a file to see them here.' : 'Choose a language first.'}</p>
          ) : (
            <div className="table-scroll">
              <table className="table mapping-table">
                <thead>
                  <tr>
                    {roles.map((role, i) => (
                      <th key={i}>
                        <select
                          className="input input-small"
                          value={role}
                          onChange={(e) => setRole(i, e.target.value as ColumnRole)}
                          aria-label={`Column ${i + 1}`}
                        >
                          {(['skip', ...TERM_IMPORT_ROLES] as ColumnRole[]).map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.map((row, r) => (
                    <tr key={r} className={r === 0 && hasHeader ? 'header-row' : undefined}>
                      {roles.map((_, i) => (
                        <td key={i}>{row[i] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="form-actions">
            {progress !== undefined && <ProgressBar value={progress} label={progress === null ? 'Importing…' : 'Uploading'} />}
            <button className="btn btn-primary" disabled={!preview || progress !== undefined || !roles.includes('term')} onClick={() => void runImport()}>
              Import {preview ? countOf(preview.rows, 'row') : ''}
            </button>
          </div>
          {result && (
            <div className="import-result" role="status">
              <strong>{result.created.toLocaleString()}</strong> new · <strong>{result.updated.toLocaleString()}</strong> updated ·{' '}
              <strong>{result.skipped.toLocaleString()}</strong> skipped
            </div>
          )}
          {imported && imported.terms.length > 0 && (
            // Long words and definitions wrap inside the card; a table wider still scrolls inside it.
            <div className="table-scroll import-result-table">
              <table className="table compact">
                <tbody>
                  {imported.terms.map((t) => (
                    <tr key={t.WoID}>
                      <td>
                        <Link to={`/word/edit-term?id=${t.WoID}`}>{t.WoText}</Link>
                      </td>
                      <td>
                        <Markdown text={t.WoTranslation} />
                      </td>
                      <td>
                        <StatusBadge status={t.WoStatus} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
      <LemmaListImport />
    </Page>
  );
}
