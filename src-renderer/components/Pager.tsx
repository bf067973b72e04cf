// Runs in: renderer. Page navigation for paged lists (first, previous, page x of y, next, last).
import { t } from '../lib/i18n';
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button className="btn btn-small" disabled={page <= 1} onClick={() => onPage(1)} aria-label={t('pager.first')}>
        «
      </button>
      <button className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('pager.previous')}>
        ‹
      </button>
      <span className="pager-info">{t('pager.position', { page, pages })}</span>
      <button className="btn btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t('pager.next')}>
        ›
      </button>
      <button className="btn btn-small" disabled={page >= pages} onClick={() => onPage(pages)} aria-label={t('pager.last')}>
        »
      </button>
    </nav>
  );
}
