/** Page state kept in the URL query, so filters survive reloads and can be shared as links. */
import { withQuery } from '../api/client';
import { navigate, useLocation } from '../router';

export type QueryValues = Record<string, string>;

export function useQueryParams(): { path: string; values: QueryValues } {
  const location = useLocation();
  const [path = '', search = ''] = location.split('?');
  return { path, values: Object.fromEntries(new URLSearchParams(search)) };
}

/** Navigates to the same path with `changes` applied; empty values are dropped. */
export function useSetQueryParams(): (changes: QueryValues) => void {
  const { path, values } = useQueryParams();
  return (changes) => navigate(withQuery(path, { ...values, ...changes }));
}

/**
 * A page number of the address. It goes to the API as typed (text that is no number as NaN), so
 * the API's message says what is wrong with `?page=0`; none given is undefined.
 */
export function pageOf(value: string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}
