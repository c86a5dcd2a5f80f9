import { ROLES, type Role } from './directory-types';

/** The built-in roles as checkboxes, with the API's message about them underneath. */
export function RoleChecks({
  idPrefix,
  legend = 'Roles',
  roles,
  onChange,
  error,
  disabled,
}: {
  idPrefix: string;
  legend?: string;
  roles: Role[];
  onChange: (roles: Role[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset
      className={error ? 'role-checks invalid' : 'role-checks'}
      aria-describedby={error ? `${idPrefix}-roles-error` : undefined}
    >
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <span key={role} className="inline-check">
          <input
            id={`${idPrefix}-role-${role}`}
            type="checkbox"
            disabled={disabled}
            checked={roles.includes(role)}
            onChange={(event) =>
              onChange(event.target.checked ? [...roles, role] : roles.filter((held) => held !== role))
            }
          />
          <label htmlFor={`${idPrefix}-role-${role}`}>{role}</label>
        </span>
      ))}
      {error && (
        <p id={`${idPrefix}-roles-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
