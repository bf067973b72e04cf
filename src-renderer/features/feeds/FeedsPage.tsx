// Runs in: renderer. The feeds manager: every feed with its language, article counts, "new" badge, last
// refresh (or its error); refresh one or all; open a feed's articles, import the chosen ones as texts (the
// errors, one line per article, shown as plain text), delete articles; OPML export and import. The table, the
// articles and the OPML card are components beside it.
import { useState } from 'react';
import type { FeedDto } from '../../../src-shared/contract/feeds';
import { api, saveFile } from '../../api/client';
import { attempt, showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link, useQuery } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { confirmDialog, toast } from '../../stores/ui';
import './feeds.css';
import { FeedArticles } from './FeedArticles';
import { FeedTable } from './FeedTable';
import { OpmlImport } from './OpmlImport';
import { t } from '../../lib/i18n';

export default function FeedsPage() {
  const query = useQuery();
  const { data: feeds, loading, reload } = useCall('feeds.list', {}, undefined, { toastErrors: true });
  const [openId, setOpenId] = useState<number | null>(() => Number(query.get('feed')) || null);
  const [refreshing, setRefreshing] = useState<Set<number>>(new Set());
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
        <FeedTable
          feeds={feeds}
          openId={openId}
          refreshing={refreshing}
          onOpen={setOpenId}
          onRefresh={(f) => void refresh(f)}
          onRemove={(f) => void remove(f)}
        />
      )}
      {open && <FeedArticles feed={open} onChanged={reload} />}
      <OpmlImport onImported={reload} />
    </Page>
  );
}
