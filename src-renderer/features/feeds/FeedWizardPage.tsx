// Runs in: renderer. The feed wizard (/feeds/new; ?id=N edits a feed). 1. Source: a feed address, a web page
// whose announced feeds are offered, or a suggested feed for the language. 2. Articles: the latest items; open
// one in a sandboxed preview (sanitised by the server: no scripts, no images, no links; the frame has no
// allow-scripts, so nothing in it runs) and click the part that is the article: a selector is proposed and the
// extracted text shown. 3. Filters: click elements to remove. 4. Name, language, options; save.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ArticlePreview, FeedDto, ProbeResult } from '../../../src-shared/contract/feeds';
import { DEFAULT_FEED_OPTIONS, formatFeedOptions, parseFeedOptions, type FeedOptions } from '../../../src-shared/feeds/options';
import { api, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, navigate, useQuery } from '../../lib/router';
import { Field, Page, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { formatDate } from './FeedsPage';
import { proposeFilter, proposeSelector } from './selector';
import { FeedOptionsFields } from './FeedOptionsFields';
import './feeds.css';
import { currentLocale, t } from '../../lib/i18n';
import { localizedCode } from '../../lib/i18n/server';

const FRAME_STYLE = `<style>
  html { font: 15px/1.5 system-ui, sans-serif; color: #1d2230; background: #fff; }
  body { margin: 12px 16px; cursor: crosshair; }
  .lx-hover { outline: 2px dashed #3b5bdb !important; outline-offset: 2px; }
  .lx-picked { outline: 3px solid #2f9e44 !important; outline-offset: 2px; background: rgba(47, 158, 68, 0.06); }
  .lx-filtered { outline: 2px solid #d6336c !important; opacity: 0.35; text-decoration: line-through; }
</style>`;

type Mode = 'section' | 'filter';

function splitFilters(raw: string): string[] {
  return raw
    .split(/\s*\|\s*|\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export default function FeedWizardPage() {
  const query = useQuery();
  const editId = Number(query.get('id')) || null;
  const currentLanguageId = useApp((s) => s.currentLanguageId);

  const [url, setUrl] = useState('');
  const [probing, setProbing] = useState(false);
  const [probe, setProbe] = useState<ProbeResult | null>(null);
  const [probeError, setProbeError] = useState('');
  const [articleUrl, setArticleUrl] = useState('');
  const [preview, setPreview] = useState<ArticlePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [selector, setSelector] = useState('');
  const [filters, setFilters] = useState<string[]>([]);
  const [mode, setMode] = useState<Mode>('section');
  const [name, setName] = useState('');
  const [languageId, setLanguageId] = useState<number | ''>(currentLanguageId ?? '');
  const [options, setOptions] = useState<FeedOptions>({ ...DEFAULT_FEED_OPTIONS, extra: {} });
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<FeedDto | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const picked = useRef<Element | null>(null);

  const curated = useCall('feeds.curated', languageId ? { language_id: languageId } : null);

  // Editing: load the feed and probe its address so the preview steps work the same.
  useEffect(() => {
    if (!editId) return;
    api
      .call('feeds.get', { id: editId })
      .then((f) => {
        setEditing(f);
        setUrl(f.NfSourceURI);
        setName(f.NfName);
        setLanguageId(f.NfLgID);
        setSelector(f.NfArticleSectionTags);
        setFilters(splitFilters(f.NfFilterTags));
        setOptions(parseFeedOptions(f.NfOptions));
        void runProbe(f.NfSourceURI, true);
      })
      .catch((err: unknown) => showError(err));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editId]);

  async function runProbe(target = url, keepName = false) {
    const address = target.trim();
    if (!address) return;
    setProbing(true);
    setProbeError('');
    setProbe(null);
    setPreview(null);
    try {
      const r = await api.call('feeds.probe', { url: address, charset: options.charset || undefined });
      setProbe(r);
      if (r.kind === 'feed') {
        setUrl(r.url);
        if (!keepName && !name) setName(r.title);
      }
    } catch (err) {
      setProbeError(errorMessage(err));
    } finally {
      setProbing(false);
    }
  }

  async function loadPreview(link: string, sel = selector, flt = filters) {
    setArticleUrl(link);
    setPreviewing(true);
    try {
      setPreview(await api.call('feeds.previewArticle', { url: link, selector: sel || undefined, filters: flt, charset: options.charset || undefined }));
    } catch (err) {
      setPreview(null);
      showError(err);
    } finally {
      setPreviewing(false);
    }
  }

  // Re-extract (text only) when the selector or filters change; the frame keeps its document.
  const extractKey = JSON.stringify([selector, filters]);
  const firstExtract = useRef(true);
  useEffect(() => {
    if (firstExtract.current || !articleUrl) {
      firstExtract.current = false;
      return;
    }
    const timer = setTimeout(() => {
      api
        .call('feeds.previewArticle', { url: articleUrl, selector: selector || undefined, filters, charset: options.charset || undefined })
        .then((p) =>
          setPreview((prev) => (prev ? { ...prev, text: p.text, words: p.words, error: p.error, error_code: p.error_code, error_params: p.error_params } : p)),
        )
        .catch((err: unknown) => showError(err));
    }, 200);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [extractKey]);

  const srcdoc = useMemo(
    () => (preview ? `<!doctype html><html><head><meta charset="utf-8">${FRAME_STYLE}</head><body>${preview.html}</body></html>` : ''),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [preview?.html],
  );

  // Outline what the selector and filters match inside the frame.
  function paint() {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    for (const el of Array.from(doc.querySelectorAll('.lx-picked, .lx-filtered'))) el.classList.remove('lx-picked', 'lx-filtered');
    const mark = (sel: string, cls: string) => {
      try {
        if (sel && !sel.startsWith('/')) for (const el of Array.from(doc.querySelectorAll(sel))) el.classList.add(cls);
      } catch {
        /* an invalid selector typed by hand: nothing to outline */
      }
    };
    mark(selector, 'lx-picked');
    for (const f of filters) mark(f, 'lx-filtered');
  }
  useEffect(paint); // after every render: cheap, and the frame may have reloaded

  const modeRef = useRef(mode);
  modeRef.current = mode;
  function wireFrame() {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.addEventListener('mouseover', (e) => (e.target as Element).classList?.add('lx-hover'));
    doc.addEventListener('mouseout', (e) => (e.target as Element).classList?.remove('lx-hover'));
    doc.addEventListener('click', (e) => {
      e.preventDefault();
      const el = e.target as Element;
      if (!el || el === doc.body || el === doc.documentElement) return;
      choose(el);
    });
    paint();
  }

  function choose(el: Element) {
    if (modeRef.current === 'section') {
      picked.current = el;
      setSelector(proposeSelector(el));
    } else {
      const f = proposeFilter(el);
      setFilters((prev) => (prev.includes(f) ? prev : [...prev, f]));
    }
  }

  function widen() {
    const el = picked.current?.parentElement;
    if (el && !['body', 'html'].includes(el.tagName.toLowerCase())) {
      picked.current = el;
      setSelector(proposeSelector(el));
    }
  }

  async function save() {
    if (!languageId) return toast('error', t('feeds.chooseTheLanguageOf2'));
    if (!name.trim()) return toast('error', t('feeds.giveTheFeedA'));
    setSaving(true);
    const fields = {
      NfLgID: languageId,
      NfName: name.trim(),
      NfSourceURI: url.trim(),
      NfArticleSectionTags: selector.trim(),
      NfFilterTags: filters.join(' | '),
      NfOptions: formatFeedOptions(options),
    };
    try {
      const feed = editing ? await api.call('feeds.update', { id: editing.NfID, ...fields }) : await api.call('feeds.create', fields);
      if (!editing) {
        try {
          const r = await api.call('feeds.refresh', { id: feed.NfID });
          toast('success', t('feeds.savedWithArticles', { name: feed.NfName, count: r.added }));
        } catch (err) {
          showError(err, t('feeds.savedRefreshFailed', { name: feed.NfName }));
        }
      } else toast('success', t('feeds.saved', { name: feed.NfName }));
      navigate(`/feeds?feed=${feed.NfID}`);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  }

  const setOpt = <K extends keyof FeedOptions>(k: K, v: FeedOptions[K]) => setOptions((o) => ({ ...o, [k]: v }));
  const items = probe?.kind === 'feed' ? probe.items : [];

  return (
    <Page
      title={editing ? t('feeds.editFeed', { name: editing.NfName }) : t('feeds.newFeed')}
      subtitle={t('feeds.findTheFeedShow')}
      actions={
        <Link className="btn" to="/feeds">
          {t('feeds.backToFeeds')}
        </Link>
      }
      wide
    >
      <section className="card wizard-step" aria-labelledby="step1">
        <div className="card-header">
          <h2 id="step1">{t('feeds.step1')}</h2>
        </div>
        <form
          className="wizard-url"
          onSubmit={(e) => {
            e.preventDefault();
            void runProbe();
          }}
        >
          <input
            className="input"
            type="url"
            required
            placeholder={t('feeds.addressPlaceholder')}
            aria-label={t('feeds.feedOrWebPage')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button className="btn btn-primary" type="submit" disabled={probing}>
            {probing ? t('feeds.checking') : t('feeds.checkAddress')}
          </button>
        </form>
        {probeError && (
          <p className="error-text" role="alert">
            {probeError}
          </p>
        )}
        {probe?.kind === 'page' && (
          <div className="discovered" role="status">
            <p>{localizedCode(probe.message_code, undefined, probe.message, currentLocale())}.</p>
            <ul>
              {probe.feeds.map((f) => (
                <li key={f.url}>
                  <button className="btn btn-small" onClick={() => (setUrl(f.url), void runProbe(f.url))}>
                    {t('feeds.use')}
                  </button>{' '}
                  <strong>{f.title || f.url}</strong> <span className="feed-url">{f.url}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {!probe && !editing && curated.data && curated.data.length > 0 && (
          <details className="curated-feeds">
            <summary>{t('feeds.suggested', { count: curated.data.length })}</summary>
            <ul>
              {curated.data.map((c) => (
                <li key={c.url}>
                  <button className="btn btn-small" onClick={() => (setUrl(c.url), setName(c.name), void runProbe(c.url, true))}>
                    {t('feeds.use')}
                  </button>{' '}
                  <strong>{c.name}</strong> <span className="feed-url">{c.description}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>

      {probe?.kind === 'feed' && (
        <section className="card wizard-step" aria-labelledby="step2">
          <div className="card-header">
            <h2 id="step2">{t('feeds.step2')}</h2>
            <span className="feed-url">
              {probe.title} · {probe.format.toUpperCase()} · {probe.charset}
              {probe.recovered > 0 && t('feeds.recovered', { count: probe.recovered })}
            </span>
          </div>
          <div className="wizard-grid">
            <ol className="probe-items">
              {items.map((i) => (
                <li key={i.link || i.title} className={i.link === articleUrl ? 'active' : ''}>
                  <button className="link-button" disabled={!i.link} onClick={() => void loadPreview(i.link)}>
                    {i.title || i.link}
                  </button>
                  <div className="feed-url">
                    {formatDate(i.date)}
                    {i.has_text && t('feeds.fullTextInFeed')}
                    {i.audio && t('feeds.withAudio')}
                  </div>
                </li>
              ))}
            </ol>
            <div className="preview-pane">
              {previewing && <Spinner label={t('feeds.loadingTheArticlePage')} />}
              {!preview && !previewing && <p className="muted">{t('feeds.openAnArticleTo')}</p>}
              {preview && (
                <>
                  <div className="pick-toolbar" role="toolbar" aria-label={t('feeds.previewTools')}>
                    <div className="segmented">
                      <button
                        className={`btn btn-small${mode === 'section' ? ' btn-primary' : ''}`}
                        aria-pressed={mode === 'section'}
                        onClick={() => setMode('section')}
                      >
                        {t('feeds.pickArticleSection')}
                      </button>
                      <button
                        className={`btn btn-small${mode === 'filter' ? ' btn-primary' : ''}`}
                        aria-pressed={mode === 'filter'}
                        onClick={() => setMode('filter')}
                      >
                        {t('feeds.removeElements')}
                      </button>
                    </div>
                    <button className="btn btn-small" disabled={!picked.current} onClick={widen} title={t('feeds.selectTheElementAround')}>
                      {t('feeds.wider')}
                    </button>
                  </div>
                  <iframe
                    ref={frame}
                    className="preview-frame"
                    title={t('feeds.articlePagePreview')}
                    sandbox="allow-same-origin"
                    srcDoc={srcdoc}
                    onLoad={wireFrame}
                  />
                </>
              )}
            </div>
            <div className="extract-pane">
              <Field label={t('feeds.articleSectionCssSelector')} hint={t('feeds.emptyAutomaticReadability')}>
                <input
                  className="input mono"
                  aria-label={t('feeds.articleSectionSelector')}
                  value={selector}
                  onChange={(e) => setSelector(e.target.value)}
                  placeholder={t('feeds.automaticPlaceholder')}
                />
              </Field>
              <div className="field">
                <span className="field-label">{t('feeds.removedElements')}</span>
                <ul className="filter-list" aria-label={t('feeds.removedElements')}>
                  {filters.map((f) => (
                    <li key={f}>
                      <code>{f}</code>
                      <button
                        className="btn btn-small btn-ghost"
                        aria-label={t('feeds.keepElement', { element: f })}
                        onClick={() => setFilters((prev) => prev.filter((x) => x !== f))}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                  {filters.length === 0 && <li className="muted">{t('feeds.noneBesidesImagesScripts')}</li>}
                </ul>
              </div>
              {preview && (
                <div className="extracted" aria-label={t('feeds.extractedText')}>
                  <div className="field-label">
                    {t('feeds.extractedText')} {preview.words > 0 && <span className="badge">{t('feeds.words', { count: preview.words })}</span>}
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
            <h2 id="step3">{t('feeds.step3')}</h2>
          </div>
          <FeedOptionsFields name={name} onName={setName} languageId={languageId} onLanguage={setLanguageId} options={options} setOpt={setOpt} />
          <div className="form-actions">
            <Link className="btn" to="/feeds">
              {t('feeds.cancel')}
            </Link>
            <button className="btn btn-primary" disabled={saving || !url.trim()} onClick={() => void save()}>
              {saving ? t('feeds.saving') : editing ? t('feeds.saveFeed') : t('feeds.saveAndFetchArticles')}
            </button>
          </div>
        </section>
      )}
    </Page>
  );
}
