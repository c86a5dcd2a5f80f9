import { api } from '../api/client';
import { StatusBadge } from '../components/StatusBadge';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { BusinessRoleForm } from './directory/BusinessRoleForm';
import { useApiGet } from '../components/async';
import { DirectoryList, useListQuery, type Column, type SortFieldOf } from './directory/DirectoryList';
import type { BusinessRole } from './directory/directory-types';
import './pages.css';

const columns: Column<BusinessRole, SortFieldOf<'/api/roles'>>[] = [
  { label: 'Name', sortBy: 'name', render: (role) => <Link to={`/roles/${role.id}`}>{role.name}</Link> },
  { label: 'Status', render: (role) => <StatusBadge status={role.status} /> },
  { label: 'Entitlements', render: (role) => role.entitlements.join(', ') || '—' },
  { label: 'Holders', render: (role) => role.activeAssignments },
  {
    label: 'Expires after',
    render: (role) => (role.expiresAfterDays === null ? 'never' : `${role.expiresAfterDays} days`),
  },
];

/** `/roles`: business roles searched by name, and (role:manage) a new one. */
export function BusinessRolesPage() {
  const can = useCan();
  const query = useListQuery(columns, { sortBy: 'name', sortOrder: 'asc' });
  const list = useApiGet('/api/roles', { query });
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> · <Link to="/entitlements">Entitlements</Link>
      </p>
      <h1>Business roles</h1>
      {can('role:manage') && (
        <details className="panel create">
          <summary>New business role</summary>
          <BusinessRoleForm
            label="New business role"
            submitLabel="Create business role"
            save={async (input) => {
              const role = await api('POST', '/api/roles', { body: input });
              navigate(`/roles/${role.id}`);
            }}
          />
        </details>
      )}
      <DirectoryList what="business roles" list={list} query={query} searchLabel="Name" columns={columns} />
    </section>
  );
}
