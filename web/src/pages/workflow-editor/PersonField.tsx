import { useState } from 'react';
import { isUuid } from '../../../../src/domain/uuid';
import { UserPicker } from '../../components/UserPicker';
import { useCan } from '../../session/me';

/** The built-in roles an approver, assignee or recipient may be written as (docs/permissions.md). */
export const PERSON_ROLES = ['admin', 'approver', 'resource_manager', 'requestor'] as const;

const KINDS = ['user', 'role', 'text'] as const;
type Kind = (typeof KINDS)[number];

function kindOf(value: string, pickUsers: boolean): Kind {
  if (PERSON_ROLES.some((role) => role === value)) return 'role';
  if (pickUsers && (value === '' || isUuid(value))) return 'user';
  return 'text';
}

/**
 * Whom a step addresses: a user picked from the directory (with `user:read`), one of the roles,
 * or text (an email, or a `{{variable}}` filled in when the run starts).
 */
export function PersonField({
  id,
  label,
  value,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  const can = useCan();
  const pickUsers = can('user:read');
  const [kind, setKind] = useState<Kind>(() => kindOf(value, pickUsers));
  const choose = (next: Kind) => {
    setKind(next);
    if (next === 'role') onChange(PERSON_ROLES[1]);
    else if (kind === 'role' || next === 'user') onChange('');
  };
  return (
    <fieldset className="person-field" aria-describedby={describedBy}>
      <legend>{label}</legend>
      <label htmlFor={`${id}-kind`} className="visually-hidden">
        {label}: kind
      </label>
      <select
        id={`${id}-kind`}
        value={kind}
        onChange={(event) => choose(KINDS.find((candidate) => candidate === event.target.value) ?? 'text')}
      >
        {pickUsers && <option value="user">A user</option>}
        <option value="role">A role</option>
        <option value="text">Email or {'{{variable}}'}</option>
      </select>
      {kind === 'user' && (
        <UserPicker
          id={id}
          label={`${label}: user`}
          value={value}
          onChange={onChange}
          extra={[{ value: '', label: '—' }]}
        />
      )}
      {kind === 'role' && (
        <>
          <label htmlFor={id}>{label}: role</label>
          <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
            {PERSON_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </>
      )}
      {kind === 'text' && (
        <>
          <label htmlFor={id}>
            {label}: email or {'{{variable}}'}
          </label>
          <input id={id} type="text" value={value} onChange={(event) => onChange(event.target.value)} />
        </>
      )}
    </fieldset>
  );
}

/** A list of people (an approval's approvers): one field each, added and removed. */
export function PeopleList({
  id,
  label,
  value,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  value: unknown;
  describedBy?: string;
  onChange: (value: string[]) => void;
}) {
  const people = Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : '')) : [];
  return (
    <div className="people-list" aria-describedby={describedBy}>
      {people.map((person, index) => (
        <div key={index} className="people-entry">
          <PersonField
            id={`${id}-${index}`}
            label={`${label} ${index + 1}`}
            value={person}
            onChange={(next) => onChange(people.map((existing, at) => (at === index ? next : existing)))}
          />
          <button type="button" onClick={() => onChange(people.filter((_, at) => at !== index))}>
            Remove {label.toLowerCase()} {index + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...people, ''])}>
        Add {label.toLowerCase()}
      </button>
    </div>
  );
}
