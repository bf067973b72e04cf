// Runs in: renderer. /import: move in from LWT (a backup .sql.gz) or Lute (lute.db or a .db.gz backup). The file
// is previewed first (counts, languages that exist already: merge or rename), then imported in one go.
import { DifferingTerms } from './DifferingTerms';
import { OrphanFeeds } from './OrphanFeeds';
import { Field, Page } from '../../components/Page';
import { UploadProgress } from '../../components/UploadProgress';
import { FileDrop } from '../../components/FileDrop';
import { Link } from '../../lib/router';
import '../backup/backup.css'; // the action row is backup's .backup-actions
import './migrate.css';
import { formatDate, formatNumber, t, useLocale } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';
import { ErrorLine } from '../../components/ErrorLine';
import { useMoveIn, type Source } from './useMoveIn';

const ACCEPT: Record<Source, string> = { lwt: '.gz,.sql', lute: '.db,.gz,.sqlite' };

export default function MoveInPage() {
  const locale = useLocale((s) => s.locale);
  const m = useMoveIn();
  const working = { read: t('moveIn.reading'), import: t('misc.importing') };
  const shown = m.result ?? m.preview;
  return (
    <Page
      title={t('moveIn.title')}
      subtitle={t('moveIn.subtitle')}
      actions={
        <Link className="btn btn-ghost" to="/settings/backup">
          {t('backup.title')}
        </Link>
      }
    >
      <section className="card form-grid">
        <fieldset className="import-source">
          <legend className="field-label">{t('moveIn.sourceLegend')}</legend>
          <label className="check">
            <input type="radio" name="source" checked={m.source === 'lwt'} onChange={() => (m.setSource('lwt'), m.choose(null))} /> {t('moveIn.sourceLwt')}
          </label>
          <label className="check">
            <input type="radio" name="source" checked={m.source === 'lute'} onChange={() => (m.setSource('lute'), m.choose(null))} /> {t('moveIn.sourceLute')}
          </label>
        </fieldset>
        <Field label={t('moveIn.fileLabel')}>
          <FileDrop
            accept={ACCEPT[m.source]}
            testId="import-file"
            inputLabel={t('moveIn.fileLabel')}
            disabled={!!m.upload.busy}
            chosen={m.file}
            prompt={t('moveIn.filePrompt')}
            onFiles={([f]) => m.choose(f)}
          />
        </Field>
        {m.upload.busy && !m.preview && <UploadProgress upload={m.upload} working={working} />}
        <ErrorLine error={m.upload.error} />
      </section>
      {shown && (
        <section className="card form-grid" aria-live="polite" data-testid={m.result ? 'import-result' : 'import-preview'}>
          <h2>
            {m.result ? t('moveIn.doneHeading', { name: m.file?.name ?? '' }) : t('moveIn.previewHeading', { name: m.file?.name ?? t('moveIn.unnamedFile') })}
          </h2>
          <ul className="import-figures">
            {(
              [
                [m.result ? t('moveIn.figLanguagesAdded') : t('moveIn.figLanguages'), m.result ? m.result.created.languages : shown.counts.languages],
                [m.result ? t('moveIn.figTermsAdded') : t('moveIn.figTerms'), m.result ? m.result.created.terms : shown.counts.terms],
                [
                  m.result ? t('moveIn.figTextsAdded') : t('moveIn.figTexts'),
                  m.result ? m.result.created.texts : shown.counts.texts + shown.counts.archivedTexts,
                ],
                [m.result ? t('moveIn.figFeedsAdded') : t('moveIn.figFeeds'), m.result ? m.result.created.feeds : shown.counts.feeds],
                ...(shown.counts.books
                  ? [[m.result ? t('moveIn.figBooksAdded') : t('moveIn.figBooks'), m.result ? m.result.created.books : shown.counts.books] as const]
                  : []),
                ...(m.result?.merged.terms ? [[t('moveIn.figTermsUpdated'), m.result.merged.terms] as const] : []),
                m.result
                  ? ([t('moveIn.figAlreadyThere'), m.result.skipped.terms + m.result.skipped.texts + m.result.skipped.feeds + m.result.skipped.books] as const)
                  : ([t('moveIn.figTermTags'), shown.counts.termTags] as const),
              ] as const
            ).map(([label, n]) => (
              <li key={label}>
                <strong>{formatNumber(n)}</strong>
                {label}
              </li>
            ))}
          </ul>
          {m.result?.moved_in && (
            <p className="hint" data-testid="moved-in">
              {m.result.moved_in.since === null
                ? t('moveIn.movedIn', { terms: formatNumber(m.result.moved_in.terms), texts: formatNumber(m.result.moved_in.texts) })
                : t('moveIn.movedInSince', {
                    terms: formatNumber(m.result.moved_in.terms),
                    texts: formatNumber(m.result.moved_in.texts),
                    date: formatDate(m.result.moved_in.since),
                  })}
            </p>
          )}
          <table className="import-languages">
            <thead>
              <tr>
                <th scope="col">{t('misc.language')}</th>
                <th scope="col">{t('moveIn.languageTarget')}</th>
                <th scope="col" className="num">
                  {t('misc.terms')}
                </th>
                <th scope="col" className="num">
                  {t('moveIn.openTexts')}
                </th>
                <th scope="col" className="num">
                  {t('moveIn.openFeeds')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.languages.map((l) => (
                <tr key={l.name}>
                  <td>{l.name}</td>
                  <td>
                    <span className={`import-badge ${l.action}`}>
                      {l.action === 'create'
                        ? t('moveIn.languageNew')
                        : l.action === 'merge'
                          ? t('moveIn.languageMerged', { name: l.targetName })
                          : t('moveIn.languageRenamed', { name: l.targetName })}
                    </span>
                  </td>
                  <td className="num">{l.terms}</td>
                  <td className="num">{l.texts}</td>
                  <td className="num">{l.feeds}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.notes.length > 0 && (
            <ul className="import-notes">
              {shown.notes.map((n, i) => {
                const coded = shown.note_messages?.[i];
                return <li key={n}>{coded ? serverMessage(coded, locale) : n}</li>;
              })}
            </ul>
          )}
          {m.preview && <DifferingTerms differing={m.preview.differing} merge={m.merge} onMerge={m.setMerge} />}
          {m.preview && <OrphanFeeds feeds={m.preview.orphan_feeds} chosen={m.feedLanguages} onChoose={m.setFeedLanguage} />}
          {m.preview && m.file && (
            <div className="backup-actions">
              {m.preview.languages.some((l) => l.conflict) && (
                <label className="check">
                  {t('moveIn.existingLanguages')}
                  <select
                    className="input"
                    value={m.conflicts}
                    onChange={(e) => {
                      const mode = e.target.value as 'merge' | 'rename';
                      m.setConflicts(mode);
                      void m.send(true, mode);
                    }}
                  >
                    <option value="merge">{t('moveIn.existingMerge')}</option>
                    <option value="rename">{t('moveIn.existingRename')}</option>
                  </select>
                </label>
              )}
              <button className="btn btn-primary" disabled={!!m.upload.busy} onClick={() => void m.send(false)}>
                {t('misc.import')}
              </button>
              {/* Beside the button the learner just pressed (the file card's bar is scrolled away by then). */}
              {m.upload.busy && (
                <div className="import-progress">
                  <UploadProgress upload={m.upload} working={working} />
                </div>
              )}
            </div>
          )}
          {m.result && (
            <div className="backup-actions">
              <Link className="btn" to="/vocabulary">
                {t('moveIn.openVocabulary')}
              </Link>
              <Link className="btn btn-ghost" to="/texts">
                {t('misc.openLibrary')}
              </Link>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
