// Runs in: renderer. New term tag (/tags/new): a name of at most 20 characters and an optional comment.
import { useState } from 'react';
import { TAG_MAX_LENGTH } from '../../../src-shared/contract/tags';
import { api, errorMessage } from '../../api/client';
import { Link, navigate } from '../../lib/router';
import { Field, Page } from '../../components/Page';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

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
      toast('success', t('textTags.created', { tag: tag.TgText }));
      navigate('/tags');
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: TgText: /, ''));
    }
  }

  return (
    <Page title={t('tags.newTermTag')}>
      <form className="card form-narrow" onSubmit={(e) => void save(e)}>
        <Field
          label={t('tags.name')}
          hint={t('tags.tagLengthHint', { length: text.trim().length, max: TAG_MAX_LENGTH })}
          error={tooLong ? t('tags.atMostCharacters', { max: TAG_MAX_LENGTH }) : error || undefined}
        >
          <input className="input" value={text} onChange={(e) => setText(e.target.value)} autoFocus name="TgText" />
        </Field>
        <Field label={t('tags.comment')}>
          <input className="input" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={200} name="TgComment" />
        </Field>
        <div className="form-actions">
          <Link className="btn btn-ghost" to="/tags">
            {t('common.cancel')}
          </Link>
          <button className="btn btn-primary" disabled={!text.trim() || tooLong}>
            {t('tags.createTag')}
          </button>
        </div>
      </form>
    </Page>
  );
}
