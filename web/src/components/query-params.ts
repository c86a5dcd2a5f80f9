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

/** A value of the URL as a whole number, else undefined. */
export function wholeNumberOf(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isSafeInteger(number) ? number : undefined;
}
