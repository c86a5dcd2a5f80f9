/**
 * The list part of each directory page (users, groups, organizations, projects, business roles,
 * entitlements): a search, sortable columns and pages, all kept in the URL query so a list can be
 * reloaded, shared and reached with Back. Each page loads its list itself, with the query
 * `useListQuery` reads from the URL, so the call is typed by its route.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ApiPath, RequestOptions } from '../../api/client';
import type { Loaded } from '../../components/async';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pagination, type Page } from '../../components/Pagination';
import { pageOf, useQueryParams, useSetQueryParams } from '../../components/query-params';
import { SortableHeader } from '../../components/SortableHeader';

/** The fields a list route sorts by, such as `'email' | 'createdAt' | 'displayName'` for `/api/users`. */
export type SortFieldOf<P extends ApiPath<'GET'>> =
  NonNullable<RequestOptions<'GET', P>['query']> extends { sortBy?: infer S } ? Exclude<S, undefined> : never;

export interface Column<T, S extends string = never> {
  label: string;
  /** The API's `sortBy` value for this column, when it sorts. */
  sortBy?: S;
  /** The order of a first press on the column (default ascending). */
  firstOrder?: 'asc' | 'desc';
  render: (item: T) => ReactNode;
}

export interface ListQuery<S extends string> {
  page: number | undefined;
  search: string | undefined;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
}

/**
 * The page, search and sort of a list, from the URL. A sort field no column offers (a hand-edited
 * address) falls back to the default rather than reaching the API.
 */
export function useListQuery<S extends string>(
  columns: ReadonlyArray<Column<never, S>>,
  defaultSort: { sortBy: NoInfer<S>; sortOrder: 'asc' | 'desc' },
): ListQuery<S> {
  const { values } = useQueryParams();
  return {
    page: pageOf(values.page),
    search: values.search || undefined,
    sortBy:
      columns.find((column) => column.sortBy !== undefined && column.sortBy === values.sortBy)?.sortBy ??
      defaultSort.sortBy,
    sortOrder: values.sortOrder === 'asc' || values.sortOrder === 'desc' ? values.sortOrder : defaultSort.sortOrder,
  };
}

export function DirectoryList<T extends { id: string }, S extends string>({
  what,
  list,
  query,
  searchLabel,
  columns,
  filters,
}: {
  /** Plural, lower case: `users`. */
  what: string;
  /** The page loaded with `query`. */
  list: Loaded<Page<T>>;
  query: ListQuery<S>;
  searchLabel: string;
  columns: ReadonlyArray<Column<T, S>>;
  /** More filter fields, inside the search form (they write the URL themselves). */
  filters?: ReactNode;
}) {
  const setQuery = useSetQueryParams();
  const [search, setSearch] = useState(query.search ?? '');
  const sort = { sortBy: query.sortBy, sortOrder: query.sortOrder };
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
