// Runs in: renderer. Text tags (own tags only): list with how many texts carry each, rename, delete.
import { useCallback, useEffect, useState } from 'react';
import type { TextTagDto } from '../../../src-shared/contract/texts';
import { api, errorMessage } from '../../api/client';
import { Link, navigate } from '../../lib/router';
import { EmptyState, Page, Spinner } from '../../components/Page';
import { confirmDialog, toast } from '../../stores/ui';
import './texts.css';

export default function TextTagsPage() {
  const [tags, setTags] = useState<TextTagDto[] | null>(null);
  const load = useCallback(() => api.call('textTags.list', {}).then(setTags, (err: unknown) => toast('error', errorMessage(err))), []);
  useEffect(() => void load(), [load]);

  async function remove(t: TextTagDto) {
    if (!(await confirmDialog({ title: `Delete the tag “${t.T2Text}”?`, message: `${t.textCount} text(s) lose it; the texts stay.`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await api.call('textTags.delete', { id: t.T2ID });
      void load();
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  return (
    <Page title="Text tags" actions={<Link className="btn btn-primary" to="/tags/text/new">New text tag</Link>}>
      {!tags ? (
        <Spinner />
      ) : tags.length === 0 ? (
        <EmptyState title="No text tags yet">Tags group texts in the library: a course, a source, a level.</EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Tag</th>
              <th>Comment</th>
              <th>Texts</th>
              <th className="row-actions">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tags.map((t) => (
              <tr key={t.T2ID}>
                <td>
                  <span className="badge">{t.T2Text}</span>
                </td>
                <td className="muted">{t.T2Comment}</td>
                <td>
                  <a href={`/texts?tag=${encodeURIComponent(t.T2Text)}`} onClick={(e) => (e.preventDefault(), navigate('/texts'))}>
                    {t.textCount}
                  </a>
                </td>
                <td className="row-actions">
                  <button className="btn btn-small btn-ghost btn-danger-ghost" onClick={() => void remove(t)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
