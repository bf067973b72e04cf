// Runs in: renderer. New text (paste or open a .txt file) and text editing. An EPUB chosen here goes to
// Books, which splits it into chapters. The form's state and actions live in useTextForm beside it.
import { LanguagePicker } from '../../components/LanguagePicker';
import { FileDrop } from '../../components/FileDrop';
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { FromWebPage } from '../library/FromWebPage';
import { NewTextTabs } from '../listening/NewTextTabs';
import './texts.css';
import { useTextForm } from './useTextForm';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

export default function TextEditPage() {
  const { id, languages, form, setForm, set, loaded, error, busy, wrapped, joinLines, setJoinChoice, words, upload, save, fileDrop } = useTextForm();
  if (error && !loaded) return <Page title={t('textEdit.editTitle')}>{<p className="error-text">{error}</p>}</Page>;
  if (!loaded) return <Spinner />;

  return (
    <Page title={t(id === null ? 'textEdit.newTitle' : 'textEdit.editTitle')} subtitle={id === null ? t('textEdit.newSubtitle') : undefined}>
      {id === null && <NewTextTabs current="/texts/new" />}
      <form
        className="card form-grid text-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(true);
        }}
        {...fileDrop.props}
      >
        {id === null && (
          <FromWebPage languageId={form.TxLgID} onArticle={(a) => setForm((f) => ({ ...f, TxTitle: a.title, TxText: a.text, TxSourceURI: a.sourceUri }))} />
        )}
        <div className="text-form-row">
          <Field label={t('textEdit.language')}>
            <LanguagePicker
              value={form.TxLgID}
              onChange={(TxLgID) => setForm({ ...form, TxLgID })}
              placeholder={t('textEdit.choose')}
              label={t('textEdit.language')}
              required
            />
          </Field>
          <Field label={t('textEdit.title')}>
            <input
              className="input"
              value={form.TxTitle}
              onChange={set('TxTitle')}
              maxLength={200}
              aria-label={t('textEdit.title')}
              placeholder={id === null ? t('textEdit.titlePlaceholder') : ''}
            />
          </Field>
        </div>
        <Field label={t('textEdit.text')} hint={t('textEdit.textHint', { count: words })}>
          <textarea
            className="input text-area"
            value={form.TxText}
            onChange={set('TxText')}
            rows={16}
            aria-label={t('textEdit.text')}
            dir={languages.find((l) => l.LgID === form.TxLgID)?.LgRightToLeft ? 'rtl' : undefined}
          />
        </Field>
        {id === null && (
          <label className="check join-lines" title={t('textEdit.joinTitle')}>
            <input type="checkbox" checked={joinLines} onChange={(e) => setJoinChoice(e.target.checked)} /> {t('textEdit.join')}
            {wrapped && <span className="muted small">{t('textEdit.looksWrapped')}</span>}
          </label>
        )}
        <div className="text-form-row">
          <Field label={t('textEdit.audio')} hint={t('textEdit.audioHint')}>
            <input className="input" value={form.TxAudioURI} onChange={set('TxAudioURI')} placeholder="https://…/chapter1.mp3" />
          </Field>
          <Field label={t('textEdit.source')}>
            <input className="input" value={form.TxSourceURI} onChange={set('TxSourceURI')} placeholder={t('textEdit.sourcePlaceholder')} />
          </Field>
        </div>
        <Field label={t('textEdit.tags')} hint={t('textEdit.tagsHint')}>
          <input className="input" value={form.tags} onChange={set('tags')} placeholder={t('textEdit.tagsPlaceholder')} aria-label={t('textEdit.tags')} />
        </Field>
        {busy !== false && <ProgressBar value={busy} label={t(busy === null ? 'textEdit.parsing' : 'textEdit.uploading')} />}
        <ErrorLine error={error} />
        <div className="form-actions">
          {id === null && (
            <>
              <FileDrop
                variant="button"
                className="text-file-open"
                accept=".txt,.epub,.pdf,.fb2,.mobi,.azw3,.azw,.prc,text/plain"
                prompt={t('textEdit.openTxt')}
                inputLabel={t('textEdit.openFile')}
                onFiles={([f]) => void upload(f)}
              />
            </>
          )}
          <button type="button" className="btn" onClick={() => void save(false)} disabled={busy !== false} title="Ctrl+S">
            {t('textEdit.save')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy !== false} title="Ctrl+Enter">
            {t('textEdit.saveAndRead')}
          </button>
        </div>
      </form>
    </Page>
  );
}
