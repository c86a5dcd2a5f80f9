import type { QueryValues } from './query-params';

/**
 * The sort of a list route (`sortBy`, `sortOrder`, spec 2.1) as two selects writing to the URL
 * query; empty means the route's default, which `defaults` names.
 */
export function SortControls({
  id,
  fields,
  values,
  defaults,
  onChange,
}: {
  id: string;
  /** The route's sortable fields, each with its label. */
  fields: Array<{ value: string; label: string }>;
  values: QueryValues;
  defaults: { sortBy: string; sortOrder: 'asc' | 'desc' };
  onChange: (changes: QueryValues) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-sort-by`}>Sort by</label>
        <select
          id={`${id}-sort-by`}
          value={values.sortBy ?? defaults.sortBy}
          onChange={(event) => onChange({ sortBy: event.target.value, page: '' })}
        >
          {fields.map((field) => (
            <option key={field.value} value={field.value}>
              {field.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort-order`}>Order</label>
        <select
          id={`${id}-sort-order`}
          value={values.sortOrder ?? defaults.sortOrder}
          onChange={(event) => onChange({ sortOrder: event.target.value, page: '' })}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </div>
    </>
  );
}
