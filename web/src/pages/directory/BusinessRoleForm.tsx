import { useState, type FormEvent } from 'react';
import type { RequestOptions } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formErrorsOf } from '../../components/field-errors';
import { TextField } from '../../components/TextField';
import { useAction } from '../../components/use-action';
import { useApiGet } from '../../components/async';
import type { BusinessRole } from './directory-types';
import { SavedNotice } from './SavedNotice';

/** What `POST /api/roles` and `PUT /api/roles/:id` take (the whole role). */
export type BusinessRoleInput = RequestOptions<'POST', '/api/roles'>['body'];

const FIELDS = ['name', 'description', 'status', 'expiresAfterDays', 'entitlements'];

/** A business role's fields; the entitlements are chosen from those that exist (the first 100 by name). */
export function BusinessRoleForm({
  label,
  role,
  submitLabel,
  save,
}: {
  label: string;
  role?: BusinessRole;
  submitLabel: string;
  save: (input: BusinessRoleInput) => Promise<unknown>;
}) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [status, setStatus] = useState<'active' | 'inactive'>(role?.status ?? 'active');
  const [expires, setExpires] = useState(role?.expiresAfterDays == null ? '' : String(role.expiresAfterDays));
  const [chosen, setChosen] = useState<string[]>(role?.entitlements ?? []);
  const [saved, setSaved] = useState(false);
  const entitlements = useApiGet('/api/entitlements', {
    query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
  });
  const action = useAction();
  const errors = formErrorsOf(action.error, 'name', FIELDS);
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setSaved(false);
      set(value);
    };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const input: BusinessRoleInput = {
      name: name.trim(),
      description: description.trim() || null,
      status,
      // Sent as typed: the API says what a number of days must be.
      expiresAfterDays: expires.trim() === '' ? null : Number(expires),
      entitlements: chosen,
    };
    if (await action.run(() => save(input))) setSaved(true);
  };
  const available = [
    ...new Set([...(entitlements.data?.data.map((entitlement) => entitlement.name) ?? []), ...chosen]),
  ];
  return (
    <form className="form" aria-label={label} onSubmit={(event) => void submit(event)}>
      <TextField
        id="role-name"
        label="Name"
        required
        value={name}
        onChange={edited(setName)}
        error={errors.fields.name}
      />
      <TextField
        id="role-description"
        label="Description"
        multiline
        value={description}
        onChange={edited(setDescription)}
        error={errors.fields.description}
      />
      <div className="field">
        <label htmlFor="role-status">Status</label>
        <select
          id="role-status"
          value={status}
          onChange={(event) => edited(setStatus)(event.target.value === 'inactive' ? 'inactive' : 'active')}
        >
          <option>active</option>
          <option>inactive</option>
        </select>
      </div>
      <TextField
        id="role-expires"
        label="Assignments expire after (days)"
        type="number"
        value={expires}
        onChange={edited(setExpires)}
        error={errors.fields.expiresAfterDays}
        hint="Empty: assignments do not expire"
      />
      <fieldset className={errors.fields.entitlements ? 'invalid' : undefined}>
        <legend>Entitlements</legend>
        {available.length === 0 && <p className="hint">No entitlements exist yet.</p>}
        {available.map((entitlement) => (
          <span key={entitlement} className="inline-check">
            <input
              id={`role-entitlement-${entitlement}`}
              type="checkbox"
              checked={chosen.includes(entitlement)}
              onChange={(event) =>
                edited(setChosen)(
                  event.target.checked ? [...chosen, entitlement] : chosen.filter((held) => held !== entitlement),
                )
              }
            />
            <label htmlFor={`role-entitlement-${entitlement}`}>{entitlement}</label>
          </span>
        ))}
        {errors.fields.entitlements && (
          <p className="field-error" role="alert">
            {errors.fields.entitlements}
          </p>
        )}
        <ErrorNotice error={entitlements.error} />
      </fieldset>
      <ErrorNotice error={errors.form} />
      <div className="actions">
        <button type="submit" disabled={action.busy}>
          {submitLabel}
        </button>
        <SavedNotice saved={saved} />
      </div>
    </form>
  );
}
