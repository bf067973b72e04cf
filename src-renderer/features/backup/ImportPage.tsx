// Runs in: renderer. /import: move in from LWT (a backup .sql.gz) or Lute (lute.db or a .db.gz backup). The file
// is previewed first (counts, languages that exist already: merge or rename), then imported in one go.
import { DifferingTerms } from './DifferingTerms';
import { OrphanFeeds } from './OrphanFeeds';
import { Field, Page, ProgressBar } from '../../components/Page';
import { FileDrop } from '../../components/FileDrop';
import { Link } from '../../lib/router';
import './backup.css';
import { formatDate, formatNumber, t, useLocale } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';
import { ErrorLine } from '../../components/ErrorLine';
import { useMoveIn, type Source } from './useMoveIn';

const ACCEPT: Record<Source, string> = { lwt: '.gz,.sql', lute: '.db,.gz,.sqlite' };

export default function ImportPage() {
  const locale = useLocale((s) => s.locale);
  const {
    source,
    setSource,
    file,
    conflicts,
    setConflicts,
    merge,
    setMerge,
    feedLanguages,
    setFeedLanguage,
    preview,
    result,
    busy,
    progress,
    error,
    send,
    choose,
  } = useMoveIn();
  const shown = result ?? preview;
  return (
    <Page
      title={t('misc.moveInFromLwt')}
      subtitle={t('misc.bringYourLanguagesTerms')}
      actions={
        <Link className="btn btn-ghost" to="/settings/backup">
          {t('misc.backup')}
        </Link>
      }
    >
      <section className="card form-grid">
        <fieldset className="import-source">
          <legend className="field-label">{t('misc.comingFrom')}</legend>
          <label className="check">
            <input type="radio" name="source" checked={source === 'lwt'} onChange={() => (setSource('lwt'), choose(null))} /> {t('misc.sourceLwt')}
          </label>
          <label className="check">
            <input type="radio" name="source" checked={source === 'lute'} onChange={() => (setSource('lute'), choose(null))} /> {t('misc.sourceLute')}
          </label>
        </fieldset>
        <Field label={t('misc.file')}>
          <FileDrop
            accept={ACCEPT[source]}
            testId="import-file"
            inputLabel={t('misc.file')}
            disabled={!!busy}
            chosen={file}
            prompt={t('backup.moveInFilePrompt')}
            onFiles={([f]) => choose(f)}
          />
        </Field>
        {busy && !preview && <ProgressBar value={progress} label={progress === null ? busy : t('misc.uploading')} />}
        <ErrorLine error={error} />
      </section>
      {shown && (
        <section className="card form-grid" aria-live="polite" data-testid={result ? 'import-result' : 'import-preview'}>
          <h2>{result ? t('misc.importedFile', { name: file?.name ?? '' }) : t('misc.inFile', { name: file?.name ?? t('misc.theFile') })}</h2>
          <ul className="import-figures">
            {(
              [
                [result ? t('misc.figLanguagesAdded') : t('misc.figLanguages'), result ? result.created.languages : shown.counts.languages],
                [result ? t('misc.figTermsAdded') : t('misc.figTerms'), result ? result.created.terms : shown.counts.terms],
                [result ? t('misc.figTextsAdded') : t('misc.figTexts'), result ? result.created.texts : shown.counts.texts + shown.counts.archivedTexts],
                [result ? t('misc.figFeedsAdded') : t('misc.figFeeds'), result ? result.created.feeds : shown.counts.feeds],
                ...(shown.counts.books
                  ? [[result ? t('misc.figBooksAdded') : t('misc.figBooks'), result ? result.created.books : shown.counts.books] as const]
                  : []),
                ...(result?.merged.terms ? [[t('misc.figTermsUpdated'), result.merged.terms] as const] : []),
                result
                  ? ([t('misc.figAlreadyThere'), result.skipped.terms + result.skipped.texts + result.skipped.feeds + result.skipped.books] as const)
                  : ([t('misc.figTermTags'), shown.counts.termTags] as const),
              ] as const
            ).map(([label, n]) => (
              <li key={label}>
                <strong>{formatNumber(n)}</strong>
                {label}
              </li>
            ))}
          </ul>
          {result?.moved_in && (
            <p className="hint" data-testid="moved-in">
              {result.moved_in.since === null
                ? t('misc.movedIn', { terms: formatNumber(result.moved_in.terms), texts: formatNumber(result.moved_in.texts) })
                : t('misc.movedInSince', {
                    terms: formatNumber(result.moved_in.terms),
                    texts: formatNumber(result.moved_in.texts),
                    date: formatDate(result.moved_in.since),
                  })}
            </p>
          )}
          <table className="import-languages">
            <thead>
              <tr>
                <th scope="col">{t('misc.language')}</th>
                <th scope="col">{t('misc.goesTo')}</th>
                <th scope="col" className="num">
                  {t('misc.terms')}
                </th>
                <th scope="col" className="num">
                  {t('misc.texts')}
                </th>
                <th scope="col" className="num">
                  {t('misc.feeds')}
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
                        ? t('misc.newLanguageLower')
                        : l.action === 'merge'
                          ? t('misc.mergedInto', { name: l.targetName })
                          : t('misc.newNamed', { name: l.targetName })}
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
          {preview && <DifferingTerms differing={preview.differing} merge={merge} onMerge={setMerge} />}
          {preview && <OrphanFeeds feeds={preview.orphan_feeds} chosen={feedLanguages} onChoose={setFeedLanguage} />}
          {preview && file && (
            <div className="backup-actions">
              {preview.languages.some((l) => l.conflict) && (
                <label className="check">
                  {t('misc.languagesThatExistAlready')}
                  <select
                    className="input"
                    value={conflicts}
                    onChange={(e) => {
                      const mode = e.target.value as 'merge' | 'rename';
                      setConflicts(mode);
                      void send(file, true, mode);
                    }}
                  >
                    <option value="merge">{t('misc.mergeIntoThem')}</option>
                    <option value="rename">{t('misc.importAsNewLanguages')}</option>
                  </select>
                </label>
              )}
              <button className="btn btn-primary" disabled={!!busy} onClick={() => void send(file, false)}>
                {t('misc.import')}
              </button>
              {/* Beside the button the learner just pressed (the file card's bar is scrolled away by then). */}
              {busy && (
                <div className="import-progress">
                  <ProgressBar value={progress} label={progress === null ? busy : t('misc.uploading')} />
                </div>
              )}
            </div>
          )}
          {result && (
            <div className="backup-actions">
              <Link className="btn" to="/vocabulary">
                {t('misc.openVocabulary')}
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
