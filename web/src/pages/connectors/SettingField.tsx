import type { JsonSchema } from './connector-types';
import { kindOf } from './settings-drafts';

/** One described setting of a connector: a field by its JSON Schema type, with its default as hint. */
export function SettingField({
  name,
  schema,
  required,
  draft,
  disabled,
  onChange,
}: {
  name: string;
  schema: JsonSchema;
  required: boolean;
  draft: string;
  disabled: boolean;
  onChange: (draft: string) => void;
}) {
  const id = `setting-${name}`;
  const kind = kindOf(schema);
  const fallback = schema.default === undefined ? '' : `default ${JSON.stringify(schema.default)}`;
  const common = { id, disabled, 'aria-describedby': `${id}-hint` };
  return (
    <div className="field">
      <label htmlFor={id}>
        {name} {required && <span className="required">(required)</span>}
      </label>
      {kind === 'choice' || kind === 'boolean' ? (
        <select {...common} value={draft} onChange={(event) => onChange(event.target.value)}>
          <option value="">{fallback === '' ? '—' : `— (${fallback})`}</option>
          {(kind === 'boolean' ? [true, false] : (schema.enum ?? [])).map((value) => (
            <option key={String(value)} value={String(value)}>
              {String(value)}
            </option>
          ))}
        </select>
      ) : kind === 'json' ? (
        <textarea {...common} rows={3} value={draft} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={kind === 'number' ? 'numeric' : undefined}
          value={draft}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <p id={`${id}-hint`} className="hint">
        {[kind === 'json' ? 'JSON, or plain text' : '', fallback, schema.description ?? '']
          .filter((part) => part !== '')
          .join(' · ')}
      </p>
    </div>
  );
}

/**
 * One secret setting: write-only. A secret that is set shows that it is, never its value; typing
 * replaces it, and "Remove" deletes it when saved.
 */
export function SecretField({
  name,
  isSet,
  value,
  removed,
  disabled,
  onChange,
  onRemove,
}: {
  name: string;
  isSet: boolean;
  value: string;
  removed: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
  onRemove: (removed: boolean) => void;
}) {
  const id = `secret-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {name} <span className="required">(secret{isSet ? ', set' : ', not set'})</span>
      </label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        disabled={disabled || removed}
        placeholder={isSet ? 'unchanged' : ''}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {isSet && (
        <label className="inline-check">
          <input
            type="checkbox"
            checked={removed}
            disabled={disabled}
            onChange={(event) => onRemove(event.target.checked)}
          />{' '}
          Remove {name}
        </label>
      )}
    </div>
  );
}
