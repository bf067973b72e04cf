// Runs in: renderer. The term import's second card: the rows as read, a role chosen for each column, the
// import button with its progress, and what the import made (counts and the new terms).
import { TERM_IMPORT_ROLES, type ColumnRole } from '../../../src-shared/import/term-rows';
import { Link } from '../../lib/router';
import { Markdown } from '../../components/Markdown';
import { UploadProgress } from '../../components/UploadProgress';
import { StatusBadge } from './shared';
import type { useTermImport } from './useTermImport';
import { formatNumber, t, type MessageKey } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';
import { ErrorLine } from '../../components/ErrorLine';
import { ClippingsBooks } from './ClippingsBooks';

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

export function TermImportPreview({ imp }: { imp: ReturnType<typeof useTermImport> }) {
  return (
    <section className="card import-preview">
      <h3>
        {t('termImport.columnsHeading')} {imp.preview ? <span className="muted">· {t('termImport.rowCount', { count: imp.preview.rows })}</span> : null}
      </h3>
      <ErrorLine error={imp.upload.error} />
      {imp.preview?.ereader && (
        <p className="ereader-summary">
          {t(imp.preview.ereader.kind === 'kindle' ? 'termImport.ereaderKindle' : 'termImport.ereaderKobo', {
            new: imp.preview.ereader.new ?? imp.preview.ereader.words,
            existing: imp.preview.ereader.existing ?? 0,
            languages: Object.entries(imp.preview.ereader.languages)
              .map(([code, n]) => `${code || '?'} ${n}`)
              .join(', '),
          })}
        </p>
      )}
      {imp.preview?.clippings && <ClippingsBooks clippings={imp.preview.clippings} />}
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
  );
}
