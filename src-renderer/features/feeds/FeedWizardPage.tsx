// Runs in: renderer. The feed wizard (/feeds/new; ?id=N edits a feed). 1. Source: a feed address, a web page
// whose announced feeds are offered, or a suggested feed for the language. 2. Articles: the latest items; open
// one in a preview (ArticlePicker) and click the part that is the article: a selector is proposed and the
// extracted text shown; click elements to remove. 3. Name, language, options; save. The state lives in
// useFeedWizard; this file lays out steps 2 and 3, FeedSourceStep step 1.
import { Field, Page, Spinner } from '../../components/Page';
import { currentLocale, t } from '../../lib/i18n';
import { localizedCode } from '../../lib/i18n/server';
import { Link, useQuery } from '../../lib/router';
import { ArticlePicker } from './ArticlePicker';
import { FeedOptionsFields } from './FeedOptionsFields';
import { formatDate } from './FeedTable';
import { useFeedWizard } from './useFeedWizard';
import './feeds.css';
import { FeedSourceStep } from './FeedSourceStep';
import { DeclaredLanguage } from './DeclaredLanguage';

export default function FeedWizardPage() {
  const editId = Number(useQuery().get('id')) || null;
  const w = useFeedWizard(editId);
  const { probe, preview, editing } = w;
  const items = probe?.kind === 'feed' ? probe.items : [];

  return (
    <Page
      title={editing ? t('feedWizard.editTitle', { name: editing.NfName }) : t('feeds.newFeed')}
      subtitle={t('feedWizard.subtitle')}
      actions={
        <Link className="btn" to="/feeds">
          {t('feedWizard.back')}
        </Link>
      }
      wide
    >
      <FeedSourceStep w={w} />

      {probe?.kind === 'feed' && (
        <section className="card wizard-step" aria-labelledby="step2">
          <div className="card-header">
            <h2 id="step2">{t('feedWizard.articlesStep')}</h2>
            <span className="feed-url">
              {probe.title} · {probe.format.toUpperCase()} · {probe.charset}
              {probe.recovered > 0 && t('feedWizard.recoveredItems', { count: probe.recovered })}
            </span>
          </div>
          <div className="wizard-grid">
            <ol className="probe-items">
              {items.map((i) => (
                <li key={i.link || i.title} className={i.link === w.articleUrl ? 'active' : ''}>
                  <button className="link-button" disabled={!i.link} onClick={() => w.loadPreview(i.link)}>
                    {i.title || i.link}
                  </button>
                  <div className="feed-url">
                    {formatDate(i.date)}
                    {i.has_text && t('feedWizard.fullTextBadge')}
                    {i.audio && t('feedWizard.audioBadge')}
                  </div>
                </li>
              ))}
            </ol>
            <div className="preview-pane">
              {w.previewing && <Spinner label={t('feedWizard.loadingArticle')} />}
              {!preview && !w.previewing && <p className="muted">{t('feedWizard.pickArticleHint')}</p>}
              {preview && <ArticlePicker preview={preview} selector={w.selector} filters={w.filters} onSelector={w.setSelector} onFilter={w.addFilter} />}
            </div>
            <div className="extract-pane">
              <Field label={t('feedWizard.selectorLabel')} hint={t('feedWizard.selectorHint')}>
                <input
                  className="input mono"
                  aria-label={t('feedWizard.selectorInputLabel')}
                  value={w.selector}
                  onChange={(e) => w.setSelector(e.target.value)}
                  placeholder={t('feedWizard.selectorPlaceholder')}
                />
              </Field>
              <div className="field">
                <span className="field-label">{t('feedWizard.removedLabel')}</span>
                <ul className="filter-list" aria-label={t('feedWizard.removedLabel')}>
                  {w.filters.map((f) => (
                    <li key={f}>
                      <code>{f}</code>
                      <button className="btn btn-small btn-ghost" aria-label={t('feeds.keepElement', { element: f })} onClick={() => w.removeFilter(f)}>
                        ×
                      </button>
                    </li>
                  ))}
                  {w.filters.length === 0 && <li className="muted">{t('feedWizard.removedNone')}</li>}
                </ul>
              </div>
              {preview && (
                <div className="extracted" aria-label={t('feedWizard.extractedLabel')}>
                  <div className="field-label">
                    {t('feedWizard.extractedLabel')}{' '}
                    {preview.words > 0 && <span className="badge">{t('feedWizard.articleWords', { count: preview.words })}</span>}
                  </div>
                  {preview.error ? (
                    <p className="error-text">{localizedCode(preview.error_code, preview.error_params, preview.error, currentLocale())}</p>
                  ) : (
                    <div className="extracted-text">{preview.text}</div>
                  )}
                </div>
              )}
            </div>
          </div>
        </section>
      )}

      {(probe?.kind === 'feed' || editing) && (
        <section className="card wizard-step" aria-labelledby="step3">
          <div className="card-header">
            <h2 id="step3">{t('feedWizard.optionsStep')}</h2>
          </div>
          <FeedOptionsFields
            name={w.name}
            onName={w.setName}
            languageId={w.languageId}
            onLanguage={w.setLanguageId}
            languageHint={probe?.kind === 'feed' ? <DeclaredLanguage declared={probe.language} onCreated={w.setLanguageId} /> : undefined}
            options={w.options}
            setOpt={w.setOpt}
          />
          <div className="form-actions">
            <Link className="btn" to="/feeds">
              {t('feedWizard.cancel')}
            </Link>
            <button className="btn btn-primary" disabled={w.saving || !w.url.trim()} onClick={w.save}>
              {w.saving ? t('feedWizard.saving') : editing ? t('feedWizard.save') : t('feedWizard.saveAndFetch')}
            </button>
          </div>
        </section>
      )}
    </Page>
  );
}
