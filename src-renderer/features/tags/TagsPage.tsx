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
      title: t('misc.renameTag', { tag: tag.TgText }),
      message: t('misc.renameTagMessage', { count: tag.TermCount }),
      label: t('misc.newName'),
      initialValue: tag.TgText,
      confirmLabel: t('misc.rename'),
      validate: (v) => {
        const name = v.trim();
        if (!name) return t('misc.enterAName');
        if (name.length > TAG_MAX_LENGTH) return t('misc.tagTooLong', { max: TAG_MAX_LENGTH, length: name.length });
        if (name.includes(',')) return t('misc.tagNoComma');
        if (name !== tag.TgText && tags?.some((o) => o.TgText === name)) return t('misc.tagExists', { name });
        return null;
      },
    });
    const text = input?.trim();
    if (!text || text === tag.TgText) return;
    if (!(await attempt(() => api.call('tags.update', { id: tag.TgID, TgText: text })))) return;
    toast('success', t('misc.renamedTo', { name: text }));
    reload();
  }

  async function remove(tag: TagDto) {
    if (
      !(await confirmDialog({
        title: t('misc.deleteTag', { tag: tag.TgText }),
        message: t('misc.deleteTagMessage', { count: tag.TermCount }),
        confirmLabel: t('misc.delete'),
        danger: true,
      }))
    )
      return;
    if ((await attempt(() => api.call('tags.delete', { id: tag.TgID }))) !== undefined) reload();
  }

  return (
    <Page
      title={t('misc.termTags')}
      actions={
        <>
          <Link className="btn btn-ghost" to="/vocabulary">
            {t('misc.vocabulary')}
          </Link>
          <Link className="btn btn-primary" to="/tags/new">
            {t('misc.newTag')}
          </Link>
        </>
      }
    >
      <RowTable
        rows={tags}
        rowKey={(tag) => tag.TgID}
        columns={[
          { header: t('misc.tag'), cell: (tag) => <span className="badge">{tag.TgText}</span> },
          { header: t('misc.comment'), cell: (tag) => tag.TgComment, className: 'muted' },
          { header: t('misc.terms'), cell: (tag) => <Link to={`/vocabulary?tag=${tag.TgID}`}>{tag.TermCount}</Link> },
        ]}
        actions={[
          { label: t('misc.rename'), run: rename },
          { label: t('misc.delete'), run: remove, danger: true },
        ]}
        empty={
          <EmptyState
            title={t('misc.noTermTagsYet')}
            action={
              <Link className="btn btn-primary" to="/tags/new">
                {t('misc.newTag')}
              </Link>
            }
          >
            {t('misc.tagsGroupTermsA')}
          </EmptyState>
        }
      />
    </Page>
  );
}
