// Runs in: renderer. Import of a lemma list (/vocabulary/import#lemmas): pick a file, Lectio reads it and says
// which column it takes for the lemma (the one that repeats: michmech lists are "lemma<TAB>form", the spec's
// files "form<TAB>lemma") with the first rows, the user confirms or flips it, then the list is saved as the
// language's lemma file (source 1, ahead of the automatic sources).
import { useState } from 'react';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { LemmaImportPreview } from '../../../src-shared/contract/lemmas';
import { api, errorMessage } from '../../api/client';
import { ProgressBar } from '../../components/Page';
import { useApp } from '../../stores/app';
import { LanguageSelect } from '../terms/shared';
import './lemmas.css';

export function LemmaListImport() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<LemmaImportPreview | null>(null);
  const [lemmaColumn, setLemmaColumn] = useState<1 | 2>(2);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function choose(f: File | null) {
    setFile(f);
    setPreview(null);
    setMessage('');
    if (!f) return;
    setBusy(true);
    try {
      const p = await api.call('lemmas.importPreview', { file: f as unknown as UploadedFile });
      setPreview(p);
      setLemmaColumn(p.lemma_column);
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function run() {
    if (!languageId || !file) return;
    setBusy(true);
    setMessage('');
    try {
      const res = await api.call('lemmas.import', { language_id: languageId, file: file as unknown as UploadedFile, lemma_column: lemmaColumn });
      setMessage(`${res.pairs.toLocaleString()} form → lemma pairs saved; ${res.updated_terms.toLocaleString()} of your terms got a lemma.`);
      setPreview(null);
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const formAt = lemmaColumn === 1 ? 1 : 0;
  return (
    <section className="card lemma-import" id="lemmas">
      <h3>Lemma list</h3>
      <p className="muted">
        A two-column list of word forms and their lemmas (base forms) groups your terms into word families. It is saved as the language’s lemma dictionary and
        wins over the dictionary Lectio ships for the language.
      </p>
      <div className="import-options">
        <LanguageSelect value={languageId} onChange={setLanguageId} />
        <label className="btn">
          {file ? file.name : 'Choose list…'}
          <input type="file" accept=".tsv,.txt,.csv" hidden onChange={(e) => void choose(e.target.files?.[0] ?? null)} aria-label="Lemma list file" />
        </label>
        <fieldset className="radio-group">
          <legend>Which column is the lemma?</legend>
          <label className="check">
            <input type="radio" name="lemmacol" checked={lemmaColumn === 1} onChange={() => setLemmaColumn(1)} /> First (lemma, form)
          </label>
          <label className="check">
            <input type="radio" name="lemmacol" checked={lemmaColumn === 2} onChange={() => setLemmaColumn(2)} /> Second (form, lemma)
          </label>
        </fieldset>
        <button className="btn btn-primary" disabled={!file || !languageId || busy} onClick={() => void run()}>
          {busy ? 'Working…' : preview ? 'Confirm and import' : 'Import lemma list'}
        </button>
      </div>
      {preview && (
        <div className="lemma-preview-box" data-testid="lemma-preview">
          <p role="status">
            {preview.rows.toLocaleString()} lines. The {preview.lemma_column === 1 ? 'first' : 'second'} column repeats more, so it looks like the lemma
            {preview.confidence < 0.05 ? ' (not sure: please check)' : ''}. Check the first rows:
          </p>
          <table className="lemma-preview">
            <thead>
              <tr>
                <th>Form</th>
                <th>Lemma</th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row, i) => (
                <tr key={i}>
                  <td>{row[formAt]}</td>
                  <td>{row[1 - formAt]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {busy && <ProgressBar value={null} label="Reading the list" />}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
