// Runs in: renderer. The feeds manager: every feed with its language, article counts, "new" badge, last
// refresh (or its error); refresh one or all; open a feed's articles, import the chosen ones as texts (the
// errors, one line per article, shown as plain text), delete articles; OPML export and import.
import { useEffect, useState } from 'react';
import type { ArticleDto, FeedDto } from '../../../src-shared/contract/feeds';
import { api, saveFile } from '../../api/client';
import { attempt, showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, navigate, useQuery } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import { FileDrop } from '../../components/FileDrop';
import { LanguagePicker } from '../../components/LanguagePicker';
import './feeds.css';
import { currentLocale, formatDateTime, t } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';

const PER_PAGE = 50;
/** An automatic refresh interval, by its unit. */
const EVERY = { h: 'feeds.everyHours', d: 'feeds.everyDays', w: 'feeds.everyWeeks' } as const;

export const formatDate = (ms: number | null) => (ms ? formatDateTime(ms) : '—');

function Articles({ feed, onChanged }: { feed: FeedDto; onChanged(): void }) {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState('');
  const { data, loading, reload } = useCall('feeds.articles', { id: feed.NfID, page, perPage: PER_PAGE, q: q || undefined }, undefined, {
    debounceMs: q ? 250 : 0,
  });
  useEffect(() => setSelected(new Set()), [feed.NfID]);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function importSelected() {
    setBusy(true);
    setErrors('');
    try {
      const r = await api.call('feeds.importArticles', { ids: [...selected] });
      if (r.imported) toast('success', t('feeds.textsCreated', { count: r.imported }));
      setErrors(r.error_messages?.length ? r.error_messages.map((m) => serverMessage(m, currentLocale())).join('\n') : r.errors);
      setSelected(new Set());
      reload();
      onChanged();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  async function deleteSelected() {
    const ok = await confirmDialog({
      title: t('feeds.deleteArticlesQuestion', { count: selected.size }),
      message: t('feeds.textsAlreadyMadeFrom'),
      confirmLabel: t('feeds.delete'),
      danger: true,
    });
    if (!ok) return;
    if (await attempt(() => api.call('feeds.deleteArticles', { id: feed.NfID, article_ids: [...selected] }))) {
      setSelected(new Set());
      reload();
      onChanged();
    }
  }

  const articles: ArticleDto[] = data?.articles ?? [];
  const importable = articles.filter((a) => a.FlTxID === null);
  return (
    <section className="card feed-articles" aria-label={t('feeds.articlesOf', { name: feed.NfName })}>
      <div className="card-header">
        <h2>{feed.NfName}</h2>
        <div className="page-actions">
          <input
            className="input"
            type="search"
            placeholder={t('feeds.filterArticles')}
            aria-label={t('feeds.filterArticles')}
            value={q}
            onChange={(e) => (setQ(e.target.value), setPage(1))}
          />
          <button className="btn btn-small" disabled={importable.length === 0} onClick={() => setSelected(new Set(importable.map((a) => a.FlID)))}>
            {t('feeds.selectAllNew')}
          </button>
          <button className="btn btn-small btn-primary" disabled={selected.size === 0 || busy} onClick={() => void importSelected()}>
            {busy ? t('feeds.importing') : t('feeds.importAsTexts', { count: selected.size })}
          </button>
          <button className="btn btn-small btn-danger-ghost" disabled={selected.size === 0 || busy} onClick={() => void deleteSelected()}>
            {t('feeds.delete')}
          </button>
        </div>
      </div>
      {errors && (
        <div className="feed-errors" role="alert">
          <strong>{t('feeds.someArticlesCouldNot')}</strong>
          <pre>{errors}</pre>
        </div>
      )}
      {loading && !data ? (
        <Spinner />
      ) : articles.length === 0 ? (
        <p className="muted">{t('feeds.noArticlesYetRefresh')}</p>
      ) : (
        <ul className="article-list">
          {articles.map((a) => (
            <li key={a.FlID} className={a.FlTxID ? 'imported' : ''}>
              <label className="article-pick">
                <input
                  type="checkbox"
                  checked={selected.has(a.FlID)}
                  disabled={a.FlTxID !== null}
                  onChange={() => toggle(a.FlID)}
                  aria-label={t('feeds.selectArticle', { title: a.FlTitle })}
                />
                <span className="article-title">{a.FlTitle}</span>
                {a.FlNew && <span className="badge">{t('feeds.badgeNew')}</span>}
                {a.has_text && (
                  <span className="badge badge-muted" title={t('feeds.theFeedCarriesThe')}>
                    {t('feeds.badgeFullText')}
                  </span>
                )}
                {a.FlAudio && <span className="badge badge-muted">{t('feeds.badgeAudio')}</span>}
              </label>
              <div className="article-meta">
                <span>{formatDate(a.FlDate)}</span>
                {a.FlLink && (
                  <a href={a.FlLink} target="_blank" rel="noreferrer noopener">
                    {t('feeds.sourceLink')}
                  </a>
                )}
                {a.FlTxID && <Link to={`/read/${a.FlTxID}`}>{t('feeds.read')}</Link>}
                {a.FlError && !a.FlTxID && <span className="error-text">{a.FlError}</span>}
              </div>
              {a.FlDescription && <p className="article-desc">{a.FlDescription.slice(0, 280)}</p>}
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} pages={Math.ceil(data.total / PER_PAGE)} onPage={setPage} />}
    </section>
  );
}

export default function FeedsPage() {
  const query = useQuery();
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const { data: feeds, loading, reload } = useCall('feeds.list', {}, undefined, { toastErrors: true });
  const [openId, setOpenId] = useState<number | null>(() => Number(query.get('feed')) || null);
  const [refreshing, setRefreshing] = useState<Set<number>>(new Set());
  const [opmlLanguage, setOpmlLanguage] = useState<number | ''>(currentLanguageId ?? '');
  const open = feeds?.find((f) => f.NfID === openId) ?? null;

  async function refresh(feed: FeedDto) {
    setRefreshing((s) => new Set(s).add(feed.NfID));
    try {
      const r = await api.call('feeds.refresh', { id: feed.NfID });
      toast('success', r.not_modified ? t('feeds.unchanged', { name: feed.NfName }) : t('feeds.newArticles', { name: feed.NfName, count: r.added }));
    } catch (err) {
      showError(err, feed.NfName);
    } finally {
      setRefreshing((s) => {
        const n = new Set(s);
        n.delete(feed.NfID);
        return n;
      });
      reload();
    }
  }

  async function remove(feed: FeedDto) {
    const ok = await confirmDialog({
      title: t('feeds.deleteTitle', { name: feed.NfName }),
      message: t('feeds.deleteMessage', { count: feed.article_count }),
      confirmLabel: t('feeds.deleteFeed'),
      danger: true,
    });
    if (!ok) return;
    if (await attempt(() => api.call('feeds.delete', { id: feed.NfID }))) {
      if (openId === feed.NfID) setOpenId(null);
      reload();
    }
  }

  async function exportOpml() {
    const file = await attempt(() => api.call('feeds.exportOpml', {}));
    if (file) saveFile(file);
  }

  async function importOpml(file: File) {
    if (!opmlLanguage) return toast('error', t('feeds.chooseTheLanguageOf'));
    const data = new Uint8Array(await file.arrayBuffer());
    const r = await attempt(() => api.call('feeds.importOpml', { language_id: opmlLanguage, file: { filename: file.name, data } }));
    if (r) {
      toast('success', r.skipped ? t('feeds.opmlAddedSkipped', { count: r.created, skipped: r.skipped }) : t('feeds.opmlAdded', { count: r.created }));
      reload();
    }
  }

  return (
    <Page
      title={t('feeds.feeds')}
      subtitle={t('feeds.newsAndPodcastFeeds')}
      actions={
        <>
          <Link className="btn btn-primary" to="/feeds/new">
            {t('feeds.newFeed')}
          </Link>
          <button className="btn" disabled={!feeds?.length} onClick={() => feeds?.forEach((f) => void refresh(f))}>
            {t('feeds.refreshAll')}
          </button>
          <button className="btn" disabled={!feeds?.length} onClick={() => void exportOpml()}>
            {t('feeds.exportOpml')}
          </button>
        </>
      }
      wide
    >
      {loading && !feeds ? (
        <Spinner />
      ) : !feeds?.length ? (
        <EmptyState
          title={t('feeds.noFeedsYet')}
          action={
            <Link className="btn btn-primary" to="/feeds/new">
              {t('feeds.addYourFirstFeed')}
            </Link>
          }
        >
          {t('feeds.addANewsFeed')}
        </EmptyState>
      ) : (
        <table className="table feeds-table">
          <thead>
            <tr>
              <th>{t('feeds.feed')}</th>
              <th>{t('feeds.language')}</th>
              <th className="num">{t('feeds.articles')}</th>
              <th className="num">{t('feeds.imported')}</th>
              <th>{t('feeds.lastRefresh')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {feeds.map((f) => (
              <tr key={f.NfID} className={f.NfID === openId ? 'selected' : ''}>
                <td>
                  <button className="link-button feed-name" onClick={() => setOpenId(f.NfID === openId ? null : f.NfID)} aria-expanded={f.NfID === openId}>
                    {f.NfName}
                  </button>
                  {f.new_count > 0 && <span className="badge">{t('feeds.newCount', { count: f.new_count })}</span>}
                  <div className="feed-url">{f.NfSourceURI}</div>
                </td>
                <td>{f.LgName}</td>
                <td className="num">{f.article_count}</td>
                <td className="num">{f.imported_count}</td>
                <td>
                  {formatDate(f.NfUpdate)}
                  {f.options.autoupdate && <div className="feed-url">{t(EVERY[f.options.autoupdate.unit], { count: f.options.autoupdate.n })}</div>}
                  {f.NfLastError && (
                    <div className="error-text feed-error" title={f.NfLastError}>
                      {f.NfLastError}
                    </div>
                  )}
                </td>
                <td>
                  <div className="row-actions">
                    <button className="btn btn-small" disabled={refreshing.has(f.NfID)} onClick={() => void refresh(f)}>
                      {refreshing.has(f.NfID) ? t('feeds.refreshing') : t('feeds.refresh')}
                    </button>
                    <button className="btn btn-small" onClick={() => navigate(`/feeds/new?id=${f.NfID}`)}>
                      {t('feeds.edit')}
                    </button>
                    <button className="btn btn-small btn-danger-ghost" onClick={() => void remove(f)}>
                      {t('feeds.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <Articles feed={open} onChanged={reload} />}
      <section className="card opml-import">
        <div className="card-header">
          <h2>{t('feeds.importAFeedList')}</h2>
        </div>
        <div className="opml-row">
          <LanguagePicker value={opmlLanguage} onChange={setOpmlLanguage} placeholder={t('feeds.language2')} label={t('feeds.languageOfTheImported')} />
          <FileDrop variant="button" accept=".opml,.xml,text/xml" prompt={t('feeds.chooseOpmlFile')} onFiles={([f]) => void importOpml(f)} />
        </div>
      </section>
    </Page>
  );
}
