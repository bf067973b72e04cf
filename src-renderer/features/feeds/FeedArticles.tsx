// Runs in: renderer. The open feed's articles on the feeds page: filter, select the new ones, import them as texts
// (the errors, one line per article, shown as plain text), delete them, page through.
import { useEffect, useState } from 'react';
import type { ArticleDto, FeedDto } from '../../../src-shared/contract/feeds';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { Spinner } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { confirmDialog, toast } from '../../stores/ui';
import { currentLocale, t } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';
import { formatDate } from './FeedTable';

const PER_PAGE = 50;

export function FeedArticles({ feed, onChanged }: { feed: FeedDto; onChanged(): void }) {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
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

  // Articles that could not be imported are listed under the table; a failed call is a toast.
  const importing = useAction(async (ids: number[]) => {
    setErrors('');
    const r = await api.call('feeds.importArticles', { ids });
    if (r.imported) toast('success', t('feeds.textsCreated', { count: r.imported }));
    setErrors(r.error_messages?.length ? r.error_messages.map((m) => serverMessage(m, currentLocale())).join('\n') : r.errors);
    setSelected(new Set());
    reload();
    onChanged();
  });
  const busy = importing.busy;
  const importSelected = () => importing.run([...selected]);

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
