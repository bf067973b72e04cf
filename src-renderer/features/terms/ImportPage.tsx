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
  skip: 'terms.roleSkip',
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
      subtitle={t('terms.csvTsvOrJson')}
      wide
      actions={
        <Link className="btn btn-ghost" to="/vocabulary">
          {t('terms.backToVocabulary')}
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
                placeholder={t('terms.chooseALanguage')}
                placeholderUntilChosen
                label={t('terms.language')}
                className="input"
              />
            </Field>
            <div className="seg" role="tablist" aria-label={t('terms.source')}>
              <button
                role="tab"
                aria-selected={imp.mode === 'paste'}
                className={`btn btn-small${imp.mode === 'paste' ? ' active' : ''}`}
                onClick={() => imp.setMode('paste')}
              >
                {t('terms.paste')}
              </button>
              <button
                role="tab"
                aria-selected={imp.mode === 'file'}
                className={`btn btn-small${imp.mode === 'file' ? ' active' : ''}`}
                onClick={() => imp.setMode('file')}
              >
                {t('terms.file')}
              </button>
            </div>
            {imp.mode === 'paste' ? (
              <Field label={t('terms.rows')} hint={t('terms.oneTermPerLine')}>
                <textarea
                  className="input mono"
                  rows={8}
                  value={imp.text}
                  onChange={(e) => imp.setText(e.target.value)}
                  placeholder={'term\ttranslation\tnotes\nHaus\thouse\tdas Haus'}
                  aria-label={t('terms.rowsToImport')}
                />
              </Field>
            ) : (
              <FileDrop
                accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
                chosen={imp.file}
                prompt={t('terms.dropFile')}
                chooseLabel={t('terms.chooseFile')}
                inputLabel={t('terms.fileToImport')}
                onFiles={([f]) => imp.setFile(f)}
              />
            )}
            <div className="import-options">
              <Field label={t('terms.separator')}>
                <select className="input" value={imp.delimiter} onChange={(e) => imp.setDelimiter(e.target.value as DelimiterName)}>
                  <option value="auto">{t('terms.detect')}</option>
                  <option value="tab">{t('terms.tab')}</option>
                  <option value="comma">{t('terms.comma')}</option>
                  <option value="semicolon">{t('terms.semicolon')}</option>
                  <option value="pipe">{t('terms.pipe')}</option>
                </select>
              </Field>
              <label className="check">
                <input type="checkbox" checked={imp.hasHeader ?? false} onChange={(e) => imp.setHasHeader(e.target.checked)} /> {t('terms.firstRowHeader')}
              </label>
              <fieldset className="radio-group">
                <legend>{t('terms.termsYouAlreadyHave')}</legend>
                <label className="check">
                  <input type="radio" name="dup" checked={imp.duplicates === 'skip'} onChange={() => imp.setDuplicates('skip')} /> {t('terms.skipThem')}
                </label>
                <label className="check">
                  <input type="radio" name="dup" checked={imp.duplicates === 'overwrite'} onChange={() => imp.setDuplicates('overwrite')} />{' '}
                  {t('terms.overwriteWithFile')}
                </label>
              </fieldset>
            </div>
          </div>
        </section>

        <section className="card import-preview">
          <h3>
            {t('terms.columns')} {imp.preview ? <span className="muted">· {t('terms.rowsN', { count: imp.preview.rows })}</span> : null}
          </h3>
          <ErrorLine error={imp.upload.error} />
          {!imp.preview ? (
            <p className="muted">{imp.languageId ? t('terms.pasteRowsOrChoose') : t('terms.chooseALanguageFirst')}</p>
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
                          aria-label={t('terms.columnNumber', { n: i + 1 })}
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
            <UploadProgress upload={imp.upload} working={{ import: t('terms.importing') }} />
            <button
              className="btn btn-primary"
              disabled={!imp.preview || imp.upload.busy !== null || !imp.roles.includes('term')}
              onClick={() => void imp.runImport()}
            >
              {imp.preview ? t('terms.importRows', { count: imp.preview.rows }) : t('terms.import')}
            </button>
          </div>
          {imp.result && (
            <div className="import-result" role="status">
              {tr('terms.importResult', {
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
