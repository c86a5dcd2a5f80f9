/**
 * The list parameters of the page's address (spec 2.1) in the types the list routes declare. A
 * number goes to the API as typed, so its message says what is wrong with `?page=0`; a choice the
 * route does not offer (only a hand-edited address has one) is left out, and the default applies.
 */
import { oneOf } from '../../components/one-of';
import { pageOf, type QueryValues } from '../../components/query-params';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const FLAGS = ['true', 'false'] as const;

/** `page`, `sortBy` (one of `fields`) and `sortOrder` of the address. */
export function listQueryOf<Field extends string>(fields: readonly { value: Field }[], values: QueryValues) {
  return {
    page: pageOf(values.page),
    sortBy: oneOf(
      fields.map((field) => field.value),
      values.sortBy,
    ),
    sortOrder: oneOf(SORT_ORDERS, values.sortOrder),
  };
}
