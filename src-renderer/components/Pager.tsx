// Runs in: renderer. Page navigation for paged lists (first, previous, page x of y, next, last).
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button className="btn btn-small" disabled={page <= 1} onClick={() => onPage(1)} aria-label="First page">
        «
      </button>
      <button className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        ‹
      </button>
      <span className="pager-info">
        Page {page} of {pages}
      </span>
      <button className="btn btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
        ›
      </button>
      <button className="btn btn-small" disabled={page >= pages} onClick={() => onPage(pages)} aria-label="Last page">
        »
      </button>
    </nav>
  );
}
