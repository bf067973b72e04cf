// Runs in: renderer. The "From a web page" tab of New text: fetches one article through the core (Readability,
// every URL checked by the safe fetcher) and hands title, text and source to the form, where the learner edits
// them before saving.
import { useState } from 'react';
import type { WebArticle } from '../../../src-shared/contract/library';
import { api, errorMessage } from '../../api/client';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

export function FromWebPage({ languageId, onArticle }: { languageId: number | ''; onArticle(a: WebArticle): void }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function fetchArticle() {
    if (!languageId) return setError(t('misc.chooseTheLanguageFirst'));
    setBusy(true);
    setError('');
    try {
      const a = await api.call('library.fromUrl', { url: url.trim(), language_id: languageId });
      onArticle(a);
      toast('success', t('misc.wordsTaken', { count: a.words }));
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="from-web">
      <div className="segmented" role="tablist" aria-label={t('misc.textSource')}>
        <button type="button" role="tab" aria-selected={!open} className={`btn btn-small${!open ? ' btn-primary' : ''}`} onClick={() => setOpen(false)}>
          {t('misc.typeOrPaste')}
        </button>
        <button type="button" role="tab" aria-selected={open} className={`btn btn-small${open ? ' btn-primary' : ''}`} onClick={() => setOpen(true)}>
          {t('misc.fromAWebPage')}
        </button>
      </div>
      {open && (
        <div className="from-web-row" style={{ display: 'flex', gap: 8, marginTop: 10 }}>
          <input
            className="input"
            style={{ flex: 1 }}
            type="url"
            aria-label={t('misc.webPageAddress')}
            placeholder={t('misc.articleUrlPlaceholder')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void fetchArticle();
              }
            }}
          />
          <button type="button" className="btn btn-primary" disabled={busy || !url.trim()} onClick={() => void fetchArticle()}>
            {busy ? t('misc.fetching') : t('misc.fetchArticle')}
          </button>
        </div>
      )}
      <ErrorLine error={error} onRetry={url.trim() && languageId ? () => void fetchArticle() : undefined} />
    </div>
  );
}
