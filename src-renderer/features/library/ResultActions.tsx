// Runs in: renderer. What each open-library result offers: the coverage of your known words (after a preview) and a
// one-click import into Books.
import { useState } from 'react';
import type { LibraryPreview } from '../../../src-shared/contract/library';
import { api, errorMessage } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { Link } from '../../lib/router';
import { Spinner } from '../../components/Page';
import { toast } from '../../stores/ui';
import { formatPercent, t } from '../../lib/i18n';
import { saidMessage } from '../../lib/i18n/server';

export function Coverage({ url, languageId }: { url: string; languageId: number }) {
  const [state, setState] = useState<LibraryPreview | 'loading' | null>(null);
  if (!url) return null;
  if (state === null)
    return (
      <button
        className="btn btn-small"
        onClick={() => (
          setState('loading'),
          void api
            .call('library.preview', { url, language_id: languageId })
            .then(setState, (e: unknown) => setState({ error: 'failed', message: errorMessage(e) }))
        )}
      >
        {t('openLibrary.previewCoverage')}
      </button>
    );
  if (state === 'loading') return <Spinner label={t('openLibrary.countingWords')} />;
  if ('error' in state) return <span className="error-text">{saidMessage(state)}</span>;
  return (
    <span className="coverage" title={t('openLibrary.unknownWords', { words: state.sample_unknown_words.join(', ') })}>
      <span className={`level-badge level-${state.difficulty_label}`}>{t(`openLibrary.difficulty.${state.difficulty_label}`)}</span>{' '}
      {t('openLibrary.coverage', { pct: formatPercent(state.coverage_percent), count: state.total_unique_words })}
    </span>
  );
}

export function ImportButton({ url, languageId, title, author }: { url: string; languageId: number; title: string; author?: string }) {
  const [bookId, setBookId] = useState<number | null>(null);
  const importing = useAction(async () => {
    const r = await api.call('library.import', { language_id: languageId, url, title, author });
    toast('success', t('openLibrary.chaptersImported', { title: r.title, count: r.chapters }));
    setBookId(r.book_id);
  });
  const busy = importing.busy;
  if (bookId)
    return (
      <Link className="btn btn-small" to={`/book/${bookId}`}>
        {t('openLibrary.openBook')}
      </Link>
    );
  return (
    <button className="btn btn-small btn-primary" disabled={busy || !url} onClick={() => void importing.run()}>
      {busy ? t('common.importing') : t('common.import')}
    </button>
  );
}
