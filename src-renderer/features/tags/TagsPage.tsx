// Runs in: renderer. Term tags (own tags only): how many terms carry each, rename, delete, jump to the terms.
import { TAG_MAX_LENGTH, type TagDto } from '../../../src-shared/contract/tags';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { EmptyState, Page } from '../../components/Page';
import { RowTable } from '../../components/RowTable';
import { confirmDialog, promptDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export default function TagsPage() {
  const { data: tags, reload } = useCall('tags.list', {}, [], { toastErrors: true });

  async function rename(tag: TagDto) {
    const input = await promptDialog({
      title: t('tags.renameTag', { tag: tag.TgText }),
      message: t('tags.renameTagMessage', { count: tag.TermCount }),
      label: t('tags.newName'),
      initialValue: tag.TgText,
      confirmLabel: t('tags.rename'),
      validate: (v) => {
        const name = v.trim();
        if (!name) return t('tags.enterAName');
        if (name.length > TAG_MAX_LENGTH) return t('tags.tagTooLong', { max: TAG_MAX_LENGTH, length: name.length });
        if (name.includes(',')) return t('tags.tagNoComma');
        if (name !== tag.TgText && tags?.some((o) => o.TgText === name)) return t('tags.tagExists', { name });
        return null;
      },
    });
    const text = input?.trim();
    if (!text || text === tag.TgText) return;
    if (!(await attempt(() => api.call('tags.update', { id: tag.TgID, TgText: text })))) return;
    toast('success', t('tags.renamedTo', { name: text }));
    reload();
  }

  async function remove(tag: TagDto) {
    if (
      !(await confirmDialog({
        title: t('tags.deleteTag', { tag: tag.TgText }),
        message: t('tags.deleteTagMessage', { count: tag.TermCount }),
        confirmLabel: t('common.delete'),
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('tags.delete', { id: tag.TgID }))) !== undefined) reload();
  }

  return (
    <Page
      title={t('tags.termTags')}
      actions={
        <>
          <Link className="btn btn-ghost" to="/vocabulary">
            {t('tags.vocabulary')}
          </Link>
          <Link className="btn btn-primary" to="/tags/new">
            {t('tags.newTag')}
          </Link>
        </>
      }
    >
      <RowTable
        rows={tags}
        rowKey={(tag) => tag.TgID}
        columns={[
          { header: t('tags.tag'), cell: (tag) => <span className="badge">{tag.TgText}</span> },
          { header: t('tags.comment'), cell: (tag) => tag.TgComment, className: 'muted' },
          { header: t('common.terms'), cell: (tag) => <Link to={`/vocabulary?tag=${tag.TgID}`}>{tag.TermCount}</Link> },
        ]}
        actions={[
          { label: t('tags.rename'), run: rename },
          { label: t('common.delete'), run: remove, danger: true },
        ]}
        empty={
          <EmptyState
            title={t('tags.noTermTagsYet')}
            action={
              <Link className="btn btn-primary" to="/tags/new">
                {t('tags.newTag')}
              </Link>
            }
          >
            {t('tags.tagsGroupTermsA')}
          </EmptyState>
        }
      />
    </Page>
  );
}
