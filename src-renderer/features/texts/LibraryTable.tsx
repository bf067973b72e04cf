// Runs in: renderer. The library's table: each text (or chapter, with its book) with its language, marks and
// tags, its unknown / learning / known counts, the known share of its running words, and its actions (read, edit,
// archive, delete).
import { type TextListItem } from '../../../src-shared/contract/texts';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { Link } from '../../lib/router';
import { confirmDialog, toast } from '../../stores/ui';
import { formatPercent, t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

export function CountsBar({ counts }: { counts: TextListItem['counts'] }) {
  const total = Math.max(1, counts.total);
  const pct = (n: number) => `${(n / total) * 100}%`;
  return (
    <div
      className="counts"
      title={t('library.countsTitle', { unknown: counts.unknown, learning: counts.learning, known: counts.known, ignored: counts.ignored })}
    >
      <div className="counts-bar" aria-hidden="true">
        <span className="seg-unknown" style={{ width: pct(counts.unknown) }} />
        <span className="seg-learning" style={{ width: pct(counts.learning) }} />
        <span className="seg-known" style={{ width: pct(counts.known + counts.ignored) }} />
      </div>
      <span className="counts-text">{tr('library.counts', { unknown: <b>{counts.unknown}</b>, learning: counts.learning, known: counts.known })}</span>
    </div>
  );
}

export function LibraryTable({ items, onChanged }: { items: TextListItem[]; onChanged(): void }) {
  async function toggleArchive(text: TextListItem) {
    if ((await attempt(() => api.call('texts.archive', { id: text.TxID, archived: !text.TxArchived }))) === undefined) return;
    toast('success', t(text.TxArchived ? 'library.movedBack' : 'library.archivedToast'));
    onChanged();
  }
  async function remove(text: TextListItem) {
    if (
      !(await confirmDialog({
        title: t('library.deleteTitle', { title: text.TxTitle }),
        message: t('library.deleteMessage'),
        confirmLabel: t('library.delete'),
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('texts.delete', { id: text.TxID }))) !== undefined) onChanged();
  }

  return (
    <table className="table library-table">
      <thead>
        <tr>
          <th>{t('library.colTitle')}</th>
          <th>{t('library.colWords')}</th>
          <th className="library-known">{t('library.colKnown')}</th>
          <th className="row-actions">{t('library.colActions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((text) => (
          <tr key={text.TxID}>
            <td>
              <Link to={`/read/${text.TxID}`} className="library-title">
                {text.book ? text.book.chapter_title || t('library.chapterN', { n: text.book.chapter }) : text.TxTitle}
              </Link>
              <div className="library-meta">
                {text.book && (
                  <Link className="badge badge-book" to={`/book/${text.book.BkID}`} title={t('library.openBook')}>
                    {t('library.chapterBadge', { title: text.book.BkTitle, n: text.book.chapter })}
                  </Link>
                )}
                {text.LgName}
                {text.TxAudioURI && t('library.audio')}
                {text.TxFinishedAt && t('library.readMark')}
                {text.TextTags.map((g) => (
                  <span key={g} className="badge">
                    {g}
                  </span>
                ))}
              </div>
            </td>
            <td style={{ minWidth: 220 }}>
              <CountsBar counts={text.counts} />
            </td>
            <td className="library-known" title={t('library.knownTitle', { known: text.coverage.known, words: text.coverage.words })}>
              {formatPercent(text.coverage.known_pct)}
            </td>
            <td className="row-actions">
              <Link className="btn btn-small btn-primary" to={`/read/${text.TxID}`}>
                {t('library.read')}
              </Link>
              <Link className="btn btn-small" to={`/texts/${text.TxID}/edit`}>
                {t('library.edit')}
              </Link>
              <button className="btn btn-small" onClick={() => void toggleArchive(text)}>
                {t(text.TxArchived ? 'library.unarchive' : 'library.archive')}
              </button>
              <button
                className="btn btn-small btn-ghost btn-danger-ghost"
                onClick={() => void remove(text)}
                aria-label={t('library.deleteLabel', { title: text.TxTitle })}
              >
                {t('library.delete')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
