import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { ErrorNotice } from '../components/ErrorNotice';
import { formErrorsOf } from '../components/field-errors';
import { formatDateTime } from '../components/format';
import { useQueryParams, useSetQueryParams } from '../components/query-params';
import { TextField } from '../components/TextField';
import { useAction } from '../components/use-action';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { useApiGet } from '../components/async';
import { DirectoryList, useListQuery, type Column, type SortFieldOf } from './directory/DirectoryList';
import { isRole, ROLES, type Role, type User } from './directory/directory-types';
import { RoleChecks } from './directory/RoleChecks';
import './pages.css';

const columns: Column<User, SortFieldOf<'/api/users'>>[] = [
  {
    label: 'Name',
    sortBy: 'displayName',
    render: (user) => <Link to={`/users/${user.id}`}>{user.displayName ?? user.email ?? user.id}</Link>,
  },
  { label: 'Email', sortBy: 'email', render: (user) => user.email ?? '—' },
  { label: 'Roles', render: (user) => user.roles.join(', ') || '—' },
  { label: 'State', render: (user) => stateOf(user) },
  { label: 'Created', sortBy: 'createdAt', firstOrder: 'desc', render: (user) => formatDateTime(user.createdAt) },
];

export function stateOf(user: User): string {
  if (user.deletedAt) return 'deactivated';
  if (!user.active) return 'inactive';
  return user.confirmed ? 'active' : 'active, not yet signed in';
}

/** `/users`: the directory's users, searched by email or name, filtered by role, with a way to add one. */
export function UsersPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const query = useListQuery(columns, { sortBy: 'email', sortOrder: 'asc' });
  const list = useApiGet('/api/users', {
    query: {
      ...query,
      role: isRole(values.role) ? values.role : undefined,
      includeDeleted: values.includeDeleted === 'true' ? 'true' : undefined,
    },
  });
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link>
      </p>
      <h1>Users</h1>
      {can('user:manage') && <NewUser />}
      <DirectoryList
        what="users"
        list={list}
        query={query}
        searchLabel="Email or name"
        columns={columns}
        filters={
          <>
            <div className="field">
              <label htmlFor="users-role">Role</label>
              <select
                id="users-role"
                value={values.role ?? ''}
                onChange={(event) => setQuery({ role: event.target.value, page: '' })}
              >
                <option value="">Any</option>
                {ROLES.map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </div>
            <div className="field checkbox field-button">
              <input
                id="users-deleted"
                type="checkbox"
                checked={values.includeDeleted === 'true'}
                onChange={(event) => setQuery({ includeDeleted: event.target.checked ? 'true' : '', page: '' })}
              />
              <label htmlFor="users-deleted">Include deactivated users</label>
            </div>
          </>
        }
      />
    </section>
  );
}

/** Creates an unconfirmed user (user:manage) and opens its page. */
function NewUser() {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['requestor']);
  const create = useAction();
  const errors = formErrorsOf(create.error, 'email');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let created: User | undefined;
    const body = { email: email.trim(), roles, ...(displayName.trim() ? { displayName: displayName.trim() } : {}) };
    if (await create.run(async () => (created = await api('POST', '/api/users', { body })))) {
      navigate(`/users/${created!.id}`);
    }
  };
  return (
    <details className="panel create">
      <summary>New user</summary>
      <form className="form" aria-label="New user" onSubmit={(event) => void submit(event)}>
        <TextField
          id="new-user-email"
          label="Email"
          required
          value={email}
          onChange={setEmail}
          error={errors.fields.email}
        />
        <TextField
          id="new-user-name"
          label="Display name"
          value={displayName}
          onChange={setDisplayName}
          error={errors.fields.displayName}
        />
        <RoleChecks idPrefix="new-user" roles={roles} onChange={setRoles} error={errors.fields.roles} />
        <p className="hint">
          The user is unconfirmed until their first sign-in, and joins the organizations of their email's domain.
        </p>
        <ErrorNotice error={errors.form} />
        <button type="submit" className="primary" disabled={create.busy}>
          Create user
        </button>
      </form>
    </details>
  );
}
