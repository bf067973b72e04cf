// Runs in: renderer. The "From a web page" tab of New text: fetches one article through the core (Readability,
// every URL checked by the safe fetcher) and hands title, text and source to the form, where the learner edits
// them before saving.
import { useState } from 'react';
import type { WebArticle } from '../../../src-shared/contract/library';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

export function FromWebPage({ languageId, onArticle }: { languageId: number | ''; onArticle(a: WebArticle): void }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const fetching = useAction(
    async () => {
      const a = await api.call('library.fromUrl', { url: url.trim(), language_id: languageId as number });
      onArticle(a);
      toast('success', t('openLibrary.wordsTaken', { count: a.words }));
      setOpen(false);
    },
    { report: 'inline' },
  );
  const fetchArticle = () => {
    if (!languageId) return fetching.setError(t('openLibrary.chooseTheLanguageFirst'));
    void fetching.run();
  };

  return (
    <div className="from-web">
      <div className="segmented" role="tablist" aria-label={t('openLibrary.textSource')}>
        <button type="button" role="tab" aria-selected={!open} className={`btn btn-small${!open ? ' btn-primary' : ''}`} onClick={() => setOpen(false)}>
          {t('openLibrary.typeOrPaste')}
        </button>
        <button type="button" role="tab" aria-selected={open} className={`btn btn-small${open ? ' btn-primary' : ''}`} onClick={() => setOpen(true)}>
          {t('openLibrary.fromAWebPage')}
        </button>
      </div>
      {open && (
        <div className="from-web-row" style={{ display: 'flex', gap: 8, marginTop: 10 }}>
          <input
            className="input"
            style={{ flex: 1, minWidth: 0 }}
            type="url"
            aria-label={t('openLibrary.webPageAddress')}
            placeholder={t('openLibrary.articleUrlPlaceholder')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                fetchArticle();
              }
            }}
          />
          <button type="button" className="btn btn-primary" disabled={fetching.busy || !url.trim()} onClick={fetchArticle}>
            {fetching.busy ? t('openLibrary.fetching') : t('openLibrary.fetchArticle')}
          </button>
        </div>
      )}
      <ErrorLine error={fetching.error} onRetry={url.trim() && languageId ? fetchArticle : undefined} />
    </div>
  );
}
