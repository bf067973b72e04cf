// Runs in: renderer. New text tag: at most 20 characters, unique per user.
import { useState } from 'react';
import { TAG_MAX_CHARS } from '../../../src-shared/contract/texts';
import { api, errorMessage } from '../../api/client';
import { navigate } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export default function TextTagNewPage() {
  const [text, setText] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function save() {
    try {
      await api.call('textTags.create', { T2Text: text, T2Comment: comment });
      toast('success', t('textTags.created', { tag: text }));
      navigate('/tags/text');
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  return (
    <Page title={t('textTags.new')}>
      <form
        className="card form-grid"
        style={{ maxWidth: 520 }}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label={t('textTags.colTag')}
          hint={`${text.length} / ${TAG_MAX_CHARS} characters`}
          error={text.length > TAG_MAX_CHARS ? t('textTags.tooLong', { max: TAG_MAX_CHARS }) : undefined}
        >
          <input className="input" value={text} onChange={(e) => setText(e.target.value)} autoFocus aria-label={t('textTags.colTag')} />
        </Field>
        <Field label={t('textTags.colComment')}>
          <input className="input" value={comment} onChange={(e) => setComment(e.target.value)} />
        </Field>
        {error && <p className="error-text">{error}</p>}
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => navigate('/tags/text')}>
            {t('common.cancel')}
          </button>
          <button className="btn btn-primary" disabled={!text.trim() || text.length > TAG_MAX_CHARS}>
            {t('textTags.create')}
          </button>
        </div>
      </form>
    </Page>
  );
}
