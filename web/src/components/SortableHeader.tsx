/**
 * A column heading that sorts its list: pressing it sorts by its field, pressing it again reverses
 * the order. The sort lives in the URL query (`sortBy`, `sortOrder`) like the list's other state.
 */
export interface Sort {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

export function SortableHeader({
  label,
  field,
  sort,
  onSort,
  firstOrder = 'asc',
}: {
  label: string;
  field: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** The order of a first press: dates read best newest first. */
  firstOrder?: 'asc' | 'desc';
}) {
  const active = sort.sortBy === field;
  const next = active ? (sort.sortOrder === 'asc' ? 'desc' : 'asc') : firstOrder;
  return (
    <th scope="col" aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort" onClick={() => onSort({ sortBy: field, sortOrder: next })}>
        {label}
        <span aria-hidden="true">{active ? (sort.sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}
