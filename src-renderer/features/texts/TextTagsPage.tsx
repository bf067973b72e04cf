// Runs in: renderer. Text tags (own tags only): list with how many texts carry each, rename, delete.
import type { TextTagDto } from '../../../src-shared/contract/texts';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { Link, navigate } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { EmptyState, Page } from '../../components/Page';
import { RowTable } from '../../components/RowTable';
import { confirmDialog } from '../../stores/ui';
import './texts.css';
import { t } from '../../lib/i18n';

export default function TextTagsPage() {
  const { data: tags, reload } = useCall('textTags.list', {}, [], { toastErrors: true });

  async function remove(tag: TextTagDto) {
    if (
      !(await confirmDialog({
        title: t('textTags.deleteTitle', { tag: tag.T2Text }),
        message: t('textTags.deleteMessage', { count: tag.textCount }),
        confirmLabel: t('common.delete'),
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('textTags.delete', { id: tag.T2ID }))) !== undefined) reload();
  }

  return (
    <Page
      title={t('textTags.title')}
      actions={
        <Link className="btn btn-primary" to="/tags/text/new">
          {t('textTags.new')}
        </Link>
      }
    >
      <RowTable
        rows={tags}
        rowKey={(tag) => tag.T2ID}
        columns={[
          { header: t('textTags.colTag'), cell: (tag) => <span className="badge">{tag.T2Text}</span> },
          { header: t('textTags.colComment'), cell: (tag) => tag.T2Comment, className: 'muted' },
          {
            header: t('textTags.colTexts'),
            cell: (tag) => (
              <a href={`/texts?tag=${encodeURIComponent(tag.T2Text)}`} onClick={(e) => (e.preventDefault(), navigate('/texts'))}>
                {tag.textCount}
              </a>
            ),
          },
        ]}
        actions={[{ label: t('common.delete'), run: remove, danger: true }]}
        empty={<EmptyState title={t('textTags.empty')}>{t('textTags.emptyBody')}</EmptyState>}
      />
    </Page>
  );
}
