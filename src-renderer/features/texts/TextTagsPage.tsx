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
import { countOf } from '../../lib/plural';

export default function TextTagsPage() {
  const { data: tags, reload } = useCall('textTags.list', {}, [], { toastErrors: true });

  async function remove(t: TextTagDto) {
    if (
      !(await confirmDialog({
        title: `Delete the tag “${t.T2Text}”?`,
        message: `${countOf(t.textCount, 'text')} lose it; the texts stay.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('textTags.delete', { id: t.T2ID }))) !== undefined) reload();
  }

  return (
    <Page
      title="Text tags"
      actions={
        <Link className="btn btn-primary" to="/tags/text/new">
          New text tag
        </Link>
      }
    >
      <RowTable
        rows={tags}
        rowKey={(t) => t.T2ID}
        columns={[
          { header: 'Tag', cell: (t) => <span className="badge">{t.T2Text}</span> },
          { header: 'Comment', cell: (t) => t.T2Comment, className: 'muted' },
          {
            header: 'Texts',
            cell: (t) => (
              <a href={`/texts?tag=${encodeURIComponent(t.T2Text)}`} onClick={(e) => (e.preventDefault(), navigate('/texts'))}>
                {t.textCount}
              </a>
            ),
          },
        ]}
        actions={[{ label: 'Delete', run: remove, danger: true }]}
        empty={<EmptyState title="No text tags yet">Tags group texts in the library: a course, a source, a level.</EmptyState>}
      />
    </Page>
  );
}
