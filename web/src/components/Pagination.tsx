/** The page envelope of every list route (spec 2.1). */
export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export function Pagination({
  page,
  onPage,
  label,
}: {
  page: Page<unknown>;
  onPage: (page: number) => void;
  label: string;
}) {
  if (page.totalPages <= 1) return <p className="pagination-summary">{countOf(page.total)}</p>;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        Previous
      </button>
      <span>
        Page {page.page} of {page.totalPages} ({countOf(page.total)})
      </span>
      <button type="button" disabled={page.page >= page.totalPages} onClick={() => onPage(page.page + 1)}>
        Next
      </button>
    </nav>
  );
}

function countOf(total: number): string {
  return total === 1 ? '1 result' : `${total} results`;
}
