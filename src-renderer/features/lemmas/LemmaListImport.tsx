// Runs in: renderer. Import of a lemma list (/vocabulary/import#lemmas): pick a file, Lectio reads it and says
// which column it takes for the lemma (the one that repeats: michmech lists are "lemma<TAB>form", the spec's
// files "form<TAB>lemma") with the first rows, the user confirms or flips it, then the list is saved as the
// language's lemma file (source 1, ahead of the automatic sources).
import { useState } from 'react';
import type { LemmaImportPreview } from '../../../src-shared/contract/lemmas';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { ProgressBar } from '../../components/Page';
import { useApp } from '../../stores/app';
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop } from '../../components/FileDrop';
import './lemmas.css';
import { t } from '../../lib/i18n';

export function LemmaListImport() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<LemmaImportPreview | null>(null);
  const [lemmaColumn, setLemmaColumn] = useState<1 | 2>(2);
  const [saved, setSaved] = useState('');

  const reading = useAction(
    async (f: File) => {
      const p = await api.call('lemmas.importPreview', { file: f });
      setPreview(p);
      setLemmaColumn(p.lemma_column);
    },
    { report: 'inline' },
  );
  const importing = useAction(
    async (language: number, f: File) => {
      const res = await api.call('lemmas.import', { language_id: language, file: f, lemma_column: lemmaColumn });
      setSaved(t('lemmas.pairsSaved', { count: res.pairs, terms: res.updated_terms }));
      setPreview(null);
    },
    { report: 'inline' },
  );
  const busy = reading.busy || importing.busy;
  // One line under the form says how the last step went.
  const message = reading.error ?? importing.error ?? saved;

  function choose(f: File | null) {
    setFile(f);
    setPreview(null);
    setSaved('');
    importing.setError(null);
    reading.setError(null);
    if (f) void reading.run(f);
  }

  function run() {
    if (!languageId || !file) return;
    setSaved('');
    reading.setError(null);
    void importing.run(languageId, file);
  }

  const formAt = lemmaColumn === 1 ? 1 : 0;
  return (
    <section className="card lemma-import" id="lemmas">
      <h3>{t('lemmas.lemmaList')}</h3>
      <p className="muted">{t('lemmas.aTwoColumnList')}</p>
      <div className="import-options">
        <LanguagePicker
          value={languageId ?? ''}
          onChange={(id) => setLanguageId(id || null)}
          placeholder={t('terms.languagePlaceholder')}
          placeholderUntilChosen
          label={t('terms.language')}
          className="input"
        />
        <FileDrop
          variant="button"
          accept=".tsv,.txt,.csv"
          chosen={file}
          prompt={t('lemmas.chooseList')}
          inputLabel={t('lemmas.lemmaListFile')}
          onFiles={([f]) => choose(f)}
        />
        <fieldset className="radio-group">
          <legend>{t('lemmas.whichColumnIsThe')}</legend>
          <label className="check">
            <input type="radio" name="lemmacol" checked={lemmaColumn === 1} onChange={() => setLemmaColumn(1)} /> {t('lemmas.columnFirst')}
          </label>
          <label className="check">
            <input type="radio" name="lemmacol" checked={lemmaColumn === 2} onChange={() => setLemmaColumn(2)} /> {t('lemmas.columnSecond')}
          </label>
        </fieldset>
        <button className="btn btn-primary" disabled={!file || !languageId || busy} onClick={run}>
          {busy ? t('lemmas.working') : preview ? t('lemmas.confirmAndImport') : t('lemmas.importLemmaList')}
        </button>
      </div>
      {preview && (
        <div className="lemma-preview-box" data-testid="lemma-preview">
          <p role="status">
            {t(preview.lemma_column === 1 ? 'lemmas.previewFirst' : 'lemmas.previewSecond', { count: preview.rows })}
            {preview.confidence < 0.05 ? t('lemmas.notSure') : ''}. {t('lemmas.checkRows')}
          </p>
          <table className="lemma-preview">
            <thead>
              <tr>
                <th>{t('lemmas.form')}</th>
                <th>{t('lemmas.lemma')}</th>
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
      {busy && <ProgressBar value={null} label={t('lemmas.readingTheList')} />}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
