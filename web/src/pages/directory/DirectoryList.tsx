/**
 * The list part of each directory page (users, groups, organizations, projects, business roles,
 * entitlements): a search, sortable columns and pages, all kept in the URL query so a list can be
 * reloaded, shared and reached with Back.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { withQuery } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pagination, type Page } from '../../components/Pagination';
import { useQueryParams, useSetQueryParams, type QueryValues } from '../../components/query-params';
import { SortableHeader, type Sort } from '../../components/SortableHeader';
import { useApiGet } from '../../components/async';

export interface Column<T> {
  label: string;
  /** The API's `sortBy` value for this column, when it sorts. */
  sortBy?: string;
  /** The order of a first press on the column (default ascending). */
  firstOrder?: 'asc' | 'desc';
  render: (item: T) => ReactNode;
}

export function DirectoryList<T extends { id: string }>({
  what,
  apiPath,
  searchLabel,
  columns,
  defaultSort,
  filters,
  apiQuery,
}: {
  /** Plural, lower case: `users`. */
  what: string;
  apiPath: string;
  searchLabel: string;
  columns: Column<T>[];
  defaultSort: Sort;
  /** More filter fields, inside the search form (they write the URL themselves). */
  filters?: ReactNode;
  /** The API query of those filters, from the URL values. */
  apiQuery?: (values: QueryValues) => Record<string, string | undefined>;
}) {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const [search, setSearch] = useState(values.search ?? '');
  const sort: Sort = {
    sortBy: values.sortBy ?? defaultSort.sortBy,
    sortOrder: values.sortOrder === 'asc' || values.sortOrder === 'desc' ? values.sortOrder : defaultSort.sortOrder,
  };
  const list = useApiGet<Page<T>>(
    withQuery(apiPath, {
      page: values.page,
      search: values.search,
      sortBy: sort.sortBy,
      sortOrder: sort.sortOrder,
      ...apiQuery?.(values),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: search.trim(), page: '' });
  };
  const capitalized = what[0]!.toUpperCase() + what.slice(1);
  // An id holds no spaces: `business roles` searches in `business-roles-search`.
  const searchId = `${what.replace(/\s+/g, '-')}-search`;
  return (
    <>
      <form className="filters" aria-label={`${capitalized} search`} onSubmit={submit}>
        <div className="field">
          <label htmlFor={searchId}>{searchLabel}</label>
          <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        {filters}
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
      </form>
      <ErrorNotice error={list.error} />
      {list.data && (
        <>
          {list.data.data.length === 0 ? (
            <p>No {what} match.</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack" aria-label={capitalized}>
                <thead>
                  <tr>
                    {columns.map((column) =>
                      column.sortBy ? (
                        <SortableHeader
                          key={column.label}
                          label={column.label}
                          field={column.sortBy}
                          firstOrder={column.firstOrder}
                          sort={sort}
                          onSort={(next) => setQuery({ ...next, page: '' })}
                        />
                      ) : (
                        <th key={column.label} scope="col">
                          {column.label}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((item) => (
                    <tr key={item.id}>
                      {columns.map((column, index) => (
                        <td key={column.label} data-label={index === 0 ? undefined : column.label}>
                          {column.render(item)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={list.data}
            label={`${capitalized} pages`}
            onPage={(page) => setQuery({ page: String(page) })}
          />
        </>
      )}
    </>
  );
}
