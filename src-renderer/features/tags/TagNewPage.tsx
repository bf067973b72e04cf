// Runs in: renderer. New term tag (/tags/new): a name of at most 20 characters and an optional comment.
import { useState } from 'react';
import { TAG_MAX_LENGTH } from '../../../src-shared/contract/tags';
import { api, errorMessage } from '../../api/client';
import { Link, navigate } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { toast } from '../../stores/ui';

export default function TagNewPage() {
  const [text, setText] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const tooLong = text.trim().length > TAG_MAX_LENGTH;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const tag = await api.call('tags.create', { TgText: text, TgComment: comment });
      toast('success', `Tag “${tag.TgText}” created`);
      navigate('/tags');
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: TgText: /, ''));
    }
  }

  return (
    <Page title="New term tag">
      <form className="card form-narrow" onSubmit={(e) => void save(e)}>
        <Field
          label="Name"
          hint={`${text.trim().length} / ${TAG_MAX_LENGTH} characters; no commas`}
          error={tooLong ? `At most ${TAG_MAX_LENGTH} characters` : error || undefined}
        >
          <input className="input" value={text} onChange={(e) => setText(e.target.value)} autoFocus name="TgText" />
        </Field>
        <Field label="Comment">
          <input className="input" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={200} name="TgComment" />
        </Field>
        <div className="form-actions">
          <Link className="btn btn-ghost" to="/tags">
            Cancel
          </Link>
          <button className="btn btn-primary" disabled={!text.trim() || tooLong}>
            Create tag
          </button>
        </div>
      </form>
    </Page>
  );
}
