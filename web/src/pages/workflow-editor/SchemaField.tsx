import type { JsonSchema } from '../connectors/connector-types';

/** JSON Schema as the step types and commands describe fields, with the items of a list. */
export interface FieldSchema extends JsonSchema {
  items?: FieldSchema;
}
import { JsonValueField } from './JsonValueField';

/** How a JSON Schema property is edited: text, a number, a list of values, a flag, or JSON. */
export function fieldKindOf(schema: FieldSchema): 'text' | 'number' | 'choice' | 'boolean' | 'lines' | 'json' {
  if (schema.enum) return 'choice';
  if (schema.type === 'string') return 'text';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'array' && schema.items?.type === 'string' && !schema.items.enum) return 'lines';
  return 'json';
}

/**
 * One value described by a JSON Schema (a step's config field, a connector command's parameter).
 * An empty field means "not set" (the default applies). What cannot be typed in the field's
 * kind (a `{{variable}}` in a number field) is kept as text for the validator to judge.
 */
export function SchemaField({
  id,
  name,
  schema,
  required,
  value,
  describedBy,
  invalid,
  suggestions,
  onChange,
}: {
  id: string;
  name: string;
  schema: FieldSchema;
  required: boolean;
  value: unknown;
  describedBy: string;
  invalid: boolean;
  /** Values a text field offers (connector names), while any other can still be typed. */
  suggestions?: readonly string[];
  onChange: (value: unknown) => void;
}) {
  const kind = fieldKindOf(schema);
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  const fallback = schema.default === undefined ? '' : `default ${JSON.stringify(schema.default)}`;
  return (
    <>
      <label htmlFor={id}>
        {name} {required && <span className="required">(required)</span>}
      </label>
      {kind === 'choice' || kind === 'boolean' ? (
        <select
          {...common}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const chosen = event.target.value;
            if (chosen === '') onChange(undefined);
            else if (kind === 'boolean') onChange(chosen === 'true');
            else onChange((schema.enum ?? []).find((option) => String(option) === chosen) ?? chosen);
          }}
        >
          <option value="">{fallback === '' ? '—' : `— (${fallback})`}</option>
          {(kind === 'boolean' ? [true, false] : (schema.enum ?? [])).map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      ) : kind === 'lines' ? (
        <textarea
          {...common}
          rows={2}
          value={Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : ''}
          onChange={(event) => {
            const lines = event.target.value.split('\n');
            onChange(event.target.value === '' ? undefined : lines);
          }}
        />
      ) : kind === 'json' ? (
        <JsonValueField id={id} describedBy={describedBy} invalid={invalid} value={value} onChange={onChange} />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={kind === 'number' ? 'numeric' : undefined}
          list={suggestions ? `${id}-suggestions` : undefined}
          value={value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)}
          onChange={(event) => {
            const typed = event.target.value;
            if (typed === '') onChange(undefined);
            else if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(typed.trim())) onChange(Number(typed));
            else onChange(typed);
          }}
        />
      )}
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      <p id={`${id}-hint`} className="hint">
        {[kind === 'lines' ? 'one per line' : kind === 'json' ? 'JSON' : '', fallback, schema.description ?? '']
          .filter((part) => part !== '')
          .join(' · ')}
      </p>
    </>
  );
}
