// Runs in: renderer. The kept translations, listed under Settings → Sentence translation (issue 49: "listed and
// clearable"): newest first, a search over the sentence, word and translation, 20 a page, each forgotten with ✕ (the
// next ask goes to the service again). A word's suggestion shows its word before its sentence.
import { useState } from 'react';
import { api } from '../../api/client';
import { ErrorLine } from '../../components/ErrorLine';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { useCall } from '../../lib/useCall';

const PER_PAGE = 20;

export function KeptTranslations({ onChanged }: { onChanged(): void }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useCall('translation.cacheList', { q: q.trim() || undefined, page, per_page: PER_PAGE }, [q, page], { debounceMs: 250, keepData: true });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));

  async function forget(id: number) {
    try {
      await api.call('translation.forgetCached', { id });
      list.reload();
      onChanged();
    } catch (err) {
      showError(err);
    }
  }

  return (
    <div className="kept-translations" data-testid="kept-translations">
      <input
        className="input"
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
        placeholder={t('translation.search')}
        aria-label={t('translation.search')}
      />
      <ErrorLine error={list.error} />
      {list.data && list.data.items.length === 0 && <p className="muted small">{t('translation.noneKept')}</p>}
      <ul className="kept-translations-list">
        {list.data?.items.map((item) => (
          <li key={item.id}>
            <div className="kept-translation-text">
              <span className="muted small">
                {item.word && <strong>{item.word} · </strong>}
                {item.text}
              </span>
              <span>{item.translation}</span>
              <span className="muted small">
                {item.provider} · {item.source || '?'} → {item.target}
              </span>
            </div>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => void forget(item.id)}
              title={t('translation.forgetTitle')}
              aria-label={t('translation.forget')}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="form-actions">
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('translation.previousPage')}
          </button>
          <span className="small muted">{t('translation.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('translation.nextPage')}
          </button>
        </div>
      )}
    </div>
  );
}
