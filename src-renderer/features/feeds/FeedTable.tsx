// Runs in: renderer. The feeds table: each feed with its language, article counts, "new" badge, last refresh (or
// its error) and automatic interval, and its actions (refresh, edit, delete); a feed's name opens its articles.
import type { FeedDto } from '../../../src-shared/contract/feeds';
import { navigate } from '../../lib/router';
import { formatDateTime, t } from '../../lib/i18n';

/** An automatic refresh interval, by its unit. */
const EVERY = { h: 'feeds.everyHours', d: 'feeds.everyDays', w: 'feeds.everyWeeks' } as const;

export const formatDate = (ms: number | null) => (ms ? formatDateTime(ms) : '—');

export function FeedTable({
  feeds,
  openId,
  refreshing,
  onOpen,
  onRefresh,
  onRemove,
}: {
  feeds: FeedDto[];
  openId: number | null;
  refreshing: Set<number>;
  onOpen(id: number | null): void;
  onRefresh(feed: FeedDto): void;
  onRemove(feed: FeedDto): void;
}) {
  return (
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
              <button className="link-button feed-name" onClick={() => onOpen(f.NfID === openId ? null : f.NfID)} aria-expanded={f.NfID === openId}>
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
                <button className="btn btn-small" disabled={refreshing.has(f.NfID)} onClick={() => onRefresh(f)}>
                  {refreshing.has(f.NfID) ? t('feeds.refreshing') : t('feeds.refresh')}
                </button>
                <button className="btn btn-small" onClick={() => navigate(`/feeds/new?id=${f.NfID}`)}>
                  {t('feeds.edit')}
                </button>
                <button className="btn btn-small btn-danger-ghost" onClick={() => onRemove(f)}>
                  {t('feeds.delete')}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
