// Runs in: renderer. Term import (/vocabulary/import): paste or pick a CSV/TSV file, say which column holds what,
// choose skip or overwrite for duplicates, import with a progress bar; plus the lemma-list import.
// The state lives in useTermImport; this file lays it out (the column mapping table and the result list make
// it longer than most screens).
import { TERM_IMPORT_ROLES, type ColumnRole } from '../../../src-shared/import/term-rows';
import { Link } from '../../lib/router';
import { Markdown } from '../../components/Markdown';
import { Field, Page } from '../../components/Page';
import { UploadProgress } from '../../components/UploadProgress';
import { StatusBadge } from './shared';
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop } from '../../components/FileDrop';
import { LemmaListImport } from '../lemmas/LemmaListImport';
import { useTermImport, type DelimiterName } from './useTermImport';
import './terms.css';
import { formatNumber, t, type MessageKey } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';
import { ErrorLine } from '../../components/ErrorLine';

const ROLE_LABELS: Record<ColumnRole, MessageKey> = {
  skip: 'termImport.roleSkip',
  term: 'terms.term',
  translation: 'terms.translation',
  romanization: 'terms.romanization',
  sentence: 'terms.sentence',
  notes: 'terms.notes',
  tags: 'terms.tags',
  status: 'terms.status',
  lemma: 'terms.lemma',
};

export default function ImportPage() {
  const imp = useTermImport();

  return (
    <Page
      title={t('terms.importTerms')}
      subtitle={t('termImport.subtitle')}
      wide
      actions={
        <Link className="btn btn-ghost" to="/vocabulary">
          {t('termImport.back')}
        </Link>
      }
    >
      <div className="import-layout">
        <section className="card">
          <div className="form-grid">
            <Field label={t('terms.language')}>
              <LanguagePicker
                value={imp.languageId ?? ''}
                onChange={(id) => imp.setLanguageId(id || null)}
                placeholder={t('terms.languagePlaceholder')}
                placeholderUntilChosen
                label={t('terms.language')}
                className="input"
              />
            </Field>
            <div className="seg" role="tablist" aria-label={t('termImport.sourceTabs')}>
              <button
                role="tab"
                aria-selected={imp.mode === 'paste'}
                className={`btn btn-small${imp.mode === 'paste' ? ' active' : ''}`}
                onClick={() => imp.setMode('paste')}
              >
                {t('termImport.sourcePaste')}
              </button>
              <button
                role="tab"
                aria-selected={imp.mode === 'file'}
                className={`btn btn-small${imp.mode === 'file' ? ' active' : ''}`}
                onClick={() => imp.setMode('file')}
              >
                {t('termImport.sourceFile')}
              </button>
            </div>
            {imp.mode === 'paste' ? (
              <Field label={t('termImport.rowsLabel')} hint={t('termImport.rowsHint')}>
                <textarea
                  className="input mono"
                  rows={8}
                  value={imp.text}
                  onChange={(e) => imp.setText(e.target.value)}
                  placeholder={'term\ttranslation\tnotes\nHaus\thouse\tdas Haus'}
                  aria-label={t('termImport.rowsInput')}
                />
              </Field>
            ) : (
              <FileDrop
                accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
                chosen={imp.file}
                prompt={t('termImport.dropPrompt')}
                chooseLabel={t('termImport.chooseFile')}
                inputLabel={t('termImport.fileInput')}
                onFiles={([f]) => imp.setFile(f)}
              />
            )}
            <div className="import-options">
              <Field label={t('termImport.separatorLabel')}>
                <select className="input" value={imp.delimiter} onChange={(e) => imp.setDelimiter(e.target.value as DelimiterName)}>
                  <option value="auto">{t('termImport.separatorDetect')}</option>
                  <option value="tab">{t('termImport.separatorTab')}</option>
                  <option value="comma">{t('termImport.separatorComma')}</option>
                  <option value="semicolon">{t('termImport.separatorSemicolon')}</option>
                  <option value="pipe">{t('termImport.separatorPipe')}</option>
                </select>
              </Field>
              <label className="check">
                <input type="checkbox" checked={imp.hasHeader ?? false} onChange={(e) => imp.setHasHeader(e.target.checked)} /> {t('termImport.headerRow')}
              </label>
              <fieldset className="radio-group">
                <legend>{t('termImport.duplicatesLegend')}</legend>
                <label className="check">
                  <input type="radio" name="dup" checked={imp.duplicates === 'skip'} onChange={() => imp.setDuplicates('skip')} />{' '}
                  {t('termImport.duplicatesSkip')}
                </label>
                <label className="check">
                  <input type="radio" name="dup" checked={imp.duplicates === 'overwrite'} onChange={() => imp.setDuplicates('overwrite')} />{' '}
                  {t('termImport.duplicatesOverwrite')}
                </label>
              </fieldset>
            </div>
          </div>
        </section>

        <section className="card import-preview">
          <h3>
            {t('termImport.columnsHeading')} {imp.preview ? <span className="muted">· {t('termImport.rowCount', { count: imp.preview.rows })}</span> : null}
          </h3>
          <ErrorLine error={imp.upload.error} />
          {!imp.preview ? (
            <p className="muted">{imp.languageId ? t('termImport.previewEmpty') : t('termImport.previewNoLanguage')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table mapping-table">
                <thead>
                  <tr>
                    {imp.roles.map((role, i) => (
                      <th key={i}>
                        <select
                          className="input input-small"
                          value={role}
                          onChange={(e) => imp.setRole(i, e.target.value as ColumnRole)}
                          aria-label={t('termImport.columnLabel', { n: i + 1 })}
                        >
                          {(['skip', ...TERM_IMPORT_ROLES] as ColumnRole[]).map((r) => (
                            <option key={r} value={r}>
                              {t(ROLE_LABELS[r])}
                            </option>
                          ))}
                        </select>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {imp.preview.sample.map((row, r) => (
                    <tr key={r} className={r === 0 && imp.hasHeader ? 'header-row' : undefined}>
                      {imp.roles.map((_, i) => (
                        <td key={i}>{row[i] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="form-actions">
            <UploadProgress upload={imp.upload} working={{ import: t('termImport.importing') }} />
            <button
              className="btn btn-primary"
              disabled={!imp.preview || imp.upload.busy !== null || !imp.roles.includes('term')}
              onClick={() => void imp.runImport()}
            >
              {imp.preview ? t('termImport.submitRows', { count: imp.preview.rows }) : t('terms.import')}
            </button>
          </div>
          {imp.result && (
            <div className="import-result" role="status">
              {tr('termImport.result', {
                created: <strong>{formatNumber(imp.result.created)}</strong>,
                updated: <strong>{formatNumber(imp.result.updated)}</strong>,
                skipped: <strong>{formatNumber(imp.result.skipped)}</strong>,
              })}
            </div>
          )}
          {imp.imported && imp.imported.terms.length > 0 && (
            // Long words and definitions wrap inside the card; a table wider still scrolls inside it.
            <div className="table-scroll import-result-table">
              <table className="table compact">
                <tbody>
                  {imp.imported.terms.map((tm) => (
                    <tr key={tm.WoID}>
                      <td>
                        <Link to={`/word/edit-term?id=${tm.WoID}`}>{tm.WoText}</Link>
                      </td>
                      <td>
                        <Markdown text={tm.WoTranslation} />
                      </td>
                      <td>
                        <StatusBadge status={tm.WoStatus} />
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
