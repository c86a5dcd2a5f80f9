/**
 * Form fields for a workflow's declared variables (start a run, edit a run's variables). Values are
 * sent as typed as the field allows; whatever does not fit is sent as typed, so the API's own
 * validation message is what the user reads next to the field.
 */
import { ApiError } from '../api/client';
import { detailOf } from './field-errors';
import { useCan } from '../session/me';
import { typedValueOf } from './typed-value';
import { UserPicker } from './UserPicker';

export interface DeclaredVariable {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

/** What each field holds while it is edited: text, or '' when left empty. */
export type VariableDrafts = Record<string, string>;
export type FieldErrors = Record<string, string>;

/**
 * A record's own value of `name`. Variables may be named `__proto__` or `constructor`, which a
 * plain read finds on Object.prototype; records here are built with Object.fromEntries, which
 * keeps such names as own properties.
 */
export function ownValue<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** The drafts of existing values (a run's current variables). */
export function draftsOf(variables: DeclaredVariable[], values: Record<string, unknown>): VariableDrafts {
  return Object.fromEntries(variables.map((variable) => [variable.name, draftOf(ownValue(values, variable.name))]));
}

function draftOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The values to send: empty fields left out (or null when `clearEmpty`), the rest converted by type. */
export function valuesOf(
  variables: DeclaredVariable[],
  drafts: VariableDrafts,
  options: { only?: (name: string) => boolean; clearEmpty?: boolean } = {},
): Record<string, unknown> {
  const values: [string, unknown][] = [];
  for (const variable of variables) {
    if (options.only && !options.only(variable.name)) continue;
    const draft = ownValue(drafts, variable.name) ?? '';
    if (draft.trim() === '') {
      if (options.clearEmpty) values.push([variable.name, null]);
      continue;
    }
    values.push([variable.name, typedValueOf(variable.type, draft)]);
  }
  return Object.fromEntries(values);
}

/** The API's variable problems (`details` of a 400: missing, invalid, undeclared) per field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const { details } = error.body;
  const errors: [string, string][] = stringsOf(detailOf(details, 'missing')).map((name) => [
    name,
    `${name} is required`,
  ]);
  const invalid = detailOf(details, 'invalid');
  if (Array.isArray(invalid)) {
    for (const item of invalid) {
      const name = detailOf(item, 'name');
      if (typeof name === 'string') errors.push([name, `${name} must be a ${String(detailOf(item, 'expected'))}`]);
    }
  }
  for (const name of stringsOf(detailOf(details, 'undeclared'))) {
    errors.push([name, `${name} is not a variable of this workflow`]);
  }
  return Object.fromEntries(errors);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function VariableFields({
  idPrefix,
  variables,
  drafts,
  errors,
  onChange,
}: {
  idPrefix: string;
  variables: DeclaredVariable[];
  drafts: VariableDrafts;
  errors: FieldErrors;
  onChange: (name: string, draft: string) => void;
}) {
  return (
    <>
      {variables.map((variable) => (
        <VariableField
          key={variable.name}
          id={`${idPrefix}-${variable.name}`}
          variable={variable}
          draft={ownValue(drafts, variable.name) ?? ''}
          error={ownValue(errors, variable.name)}
          onChange={(draft) => onChange(variable.name, draft)}
        />
      ))}
    </>
  );
}

function VariableField({
  id,
  variable,
  draft,
  error,
  onChange,
}: {
  id: string;
  variable: DeclaredVariable;
  draft: string;
  error: string | undefined;
  onChange: (draft: string) => void;
}) {
  const can = useCan();
  const label = `${variable.name}${variable.required ? ' (required)' : ''}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    // Not `required`: the browser would stop the form before the API's own message could show.
    'aria-required': variable.required,
  };
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      {variable.type === 'user' && can('user:read') ? (
        <UserPicker id={id} label={label} value={draft} onChange={onChange} extra={[{ value: '', label: '—' }]} />
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {variable.type === 'boolean' ? (
            <select {...common} value={draft} onChange={(event) => onChange(event.target.value)}>
              <option value="">—</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          ) : variable.type === 'object' || variable.type === 'array' ? (
            <textarea {...common} rows={3} value={draft} onChange={(event) => onChange(event.target.value)} />
          ) : (
            <input
              {...common}
              type={variable.type === 'date' ? 'date' : 'text'}
              inputMode={variable.type === 'number' ? 'decimal' : undefined}
              value={draft}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </>
      )}
      <p id={hintId} className="hint">
        {variable.type}
        {variable.type === 'object' || variable.type === 'array' ? ' (JSON)' : ''}
        {variable.description ? ` — ${variable.description}` : ''}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
