// Runs in: renderer. /import: move in from LWT (a backup .sql.gz) or Lute (lute.db or a .db.gz backup). The file
// is previewed first (counts, languages that exist already: merge or rename), then imported in one go. State:
// useMoveIn; the figures and languages: MoveInFigures.
import { DifferingTerms } from './DifferingTerms';
import { OrphanFeeds } from './OrphanFeeds';
import { InterruptedMoves } from './InterruptedMoves';
import { Field, Page } from '../../components/Page';
import { UploadProgress } from '../../components/UploadProgress';
import { FileDrop } from '../../components/FileDrop';
import { Link } from '../../lib/router';
import '../backup/backup.css'; // the action row is backup's .backup-actions
import './migrate.css';
import { t, useLocale } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';
import { ErrorLine } from '../../components/ErrorLine';
import { useMoveIn, type Source } from './useMoveIn';
import { MoveInFigures } from './MoveInFigures';

const ACCEPT: Record<Source, string> = { lwt: '.gz,.sql', lute: '.db,.gz,.sqlite' };

export default function MoveInPage() {
  const locale = useLocale((s) => s.locale);
  const m = useMoveIn();
  const working = { read: t('moveIn.reading'), import: t('common.importing') };
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
      <InterruptedMoves />
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
          <MoveInFigures m={m} shown={shown} />
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
                {t('common.import')}
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
                {t('moveIn.openLibrary')}
              </Link>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
