import { api } from '../api/client';
import { formatDateTime } from '../components/format';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { useApiGet } from '../components/async';
import { DirectoryList, useListQuery, type Column, type SortFieldOf } from './directory/DirectoryList';
import type { Entitlement } from './directory/directory-types';
import { EntitlementForm } from './directory/EntitlementForm';
import './pages.css';

const columns: Column<Entitlement, SortFieldOf<'/api/entitlements'>>[] = [
  {
    label: 'Name',
    sortBy: 'name',
    render: (entitlement) => <Link to={`/entitlements/${entitlement.id}`}>{entitlement.name}</Link>,
  },
  { label: 'Connector', render: (entitlement) => entitlement.connector },
  {
    label: 'Commands',
    render: (entitlement) => `${entitlement.provisionConfig.command} / ${entitlement.deprovisionConfig.command}`,
  },
  { label: 'Description', render: (entitlement) => entitlement.description ?? '' },
  {
    label: 'Created',
    sortBy: 'createdAt',
    firstOrder: 'desc',
    render: (entitlement) => formatDateTime(entitlement.createdAt),
  },
];

/** `/entitlements`: what business roles grant, searched by name, and (role:manage) a new one. */
export function EntitlementsPage() {
  const can = useCan();
  const query = useListQuery(columns, { sortBy: 'name', sortOrder: 'asc' });
  const list = useApiGet('/api/entitlements', { query });
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> · <Link to="/roles">Business roles</Link>
      </p>
      <h1>Entitlements</h1>
      {can('role:manage') && (
        <details className="panel create">
          <summary>New entitlement</summary>
          <EntitlementForm
            label="New entitlement"
            submitLabel="Create entitlement"
            save={async (input) => {
              const entitlement = await api('POST', '/api/entitlements', { body: input });
              navigate(`/entitlements/${entitlement.id}`);
            }}
          />
        </details>
      )}
      <DirectoryList what="entitlements" list={list} query={query} searchLabel="Name" columns={columns} />
    </section>
  );
}
