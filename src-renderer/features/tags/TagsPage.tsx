// Runs in: renderer. Term tags (own tags only): how many terms carry each, rename, delete, jump to the terms.
import { TAG_MAX_LENGTH, type TagDto } from '../../../src-shared/contract/tags';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { EmptyState, Page } from '../../components/Page';
import { RowTable } from '../../components/RowTable';
import { confirmDialog, promptDialog, toast } from '../../stores/ui';
import { countOf } from '../../lib/plural';

export default function TagsPage() {
  const { data: tags, reload } = useCall('tags.list', {}, [], { toastErrors: true });

  async function rename(t: TagDto) {
    const input = await promptDialog({
      title: `Rename the tag “${t.TgText}”`,
      message: `${countOf(t.TermCount, 'term')} carry it; they keep it under the new name.`,
      label: 'New name',
      initialValue: t.TgText,
      confirmLabel: 'Rename',
      validate: (v) => {
        const name = v.trim();
        if (!name) return 'Enter a name';
        if (name.length > TAG_MAX_LENGTH) return `At most ${TAG_MAX_LENGTH} characters (this is ${name.length})`;
        if (name.includes(',')) return 'A tag cannot contain a comma';
        if (name !== t.TgText && tags?.some((o) => o.TgText === name)) return `A tag named “${name}” already exists`;
        return null;
      },
    });
    const text = input?.trim();
    if (!text || text === t.TgText) return;
    if (!(await attempt(() => api.call('tags.update', { id: t.TgID, TgText: text })))) return;
    toast('success', `Renamed to “${text}”`);
    reload();
  }

  async function remove(t: TagDto) {
    if (
      !(await confirmDialog({
        title: `Delete the tag “${t.TgText}”?`,
        message: `${countOf(t.TermCount, 'term')} lose it; the terms stay.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('tags.delete', { id: t.TgID }))) !== undefined) reload();
  }

  return (
    <Page
      title="Term tags"
      actions={
        <>
          <Link className="btn btn-ghost" to="/vocabulary">
            Vocabulary
          </Link>
          <Link className="btn btn-primary" to="/tags/new">
            New tag
          </Link>
        </>
      }
    >
      <RowTable
        rows={tags}
        rowKey={(t) => t.TgID}
        columns={[
          { header: 'Tag', cell: (t) => <span className="badge">{t.TgText}</span> },
          { header: 'Comment', cell: (t) => t.TgComment, className: 'muted' },
          { header: 'Terms', cell: (t) => <Link to={`/vocabulary?tag=${t.TgID}`}>{t.TermCount}</Link> },
        ]}
        actions={[
          { label: 'Rename', run: rename },
          { label: 'Delete', run: remove, danger: true },
        ]}
        empty={
          <EmptyState
            title="No term tags yet"
            action={
              <Link className="btn btn-primary" to="/tags/new">
                New tag
              </Link>
            }
          >
            Tags group terms: a topic, a lesson, a level. Add them in the term editor or to many terms at once from the vocabulary.
          </EmptyState>
        }
      />
    </Page>
  );
}
