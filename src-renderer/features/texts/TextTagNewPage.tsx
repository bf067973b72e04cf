// Runs in: renderer. New text tag: at most 20 characters, unique per user.
import { useState } from 'react';
import { TAG_MAX_CHARS } from '../../../src-shared/contract/texts';
import { api, errorMessage } from '../../api/client';
import { navigate } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { toast } from '../../stores/ui';

export default function TextTagNewPage() {
  const [text, setText] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function save() {
    try {
      await api.call('textTags.create', { T2Text: text, T2Comment: comment });
      toast('success', `Tag “${text}” created`);
      navigate('/tags/text');
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  return (
    <Page title="New text tag">
      <form
        className="card form-grid"
        style={{ maxWidth: 520 }}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label="Tag"
          hint={`${text.length} / ${TAG_MAX_CHARS} characters`}
          error={text.length > TAG_MAX_CHARS ? `At most ${TAG_MAX_CHARS} characters` : undefined}
        >
          <input className="input" value={text} onChange={(e) => setText(e.target.value)} autoFocus aria-label="Tag" />
        </Field>
        <Field label="Comment">
          <input className="input" value={comment} onChange={(e) => setComment(e.target.value)} />
        </Field>
        {error && <p className="error-text">{error}</p>}
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => navigate('/tags/text')}>
            Cancel
          </button>
          <button className="btn btn-primary" disabled={!text.trim() || text.length > TAG_MAX_CHARS}>
            Create
          </button>
        </div>
      </form>
    </Page>
  );
}
