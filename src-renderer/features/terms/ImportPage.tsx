// Runs in: renderer. Term import (/vocabulary/import): paste or pick a CSV/TSV file, say which column holds what,
// choose skip or overwrite for duplicates, import with a progress bar; plus the lemma-list import.
// The state lives in useTermImport; this file lays out the source card, TermImportPreview the columns and the
// result.
import { Link } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop } from '../../components/FileDrop';
import { LemmaListImport } from '../lemmas/LemmaListImport';
import { useTermImport, type DelimiterName } from './useTermImport';
import './terms.css';
import { t } from '../../lib/i18n';
import { TermImportPreview } from './TermImportPreview';

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
                accept=".csv,.tsv,.txt,.json,.db,.sqlite,text/csv,text/tab-separated-values,text/plain,application/json"
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

        <TermImportPreview imp={imp} />
      </div>
      <LemmaListImport />
    </Page>
  );
}
