import { api } from '../api/client';
import { formatDateTime } from '../components/format';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { useApiGet } from '../components/async';
import { DirectoryList, useListQuery, type Column, type SortFieldOf } from './directory/DirectoryList';
import type { Group } from './directory/directory-types';
import { NameDescriptionForm } from './directory/NameDescriptionForm';
import './pages.css';

const columns: Column<Group, SortFieldOf<'/api/groups'>>[] = [
  { label: 'Name', sortBy: 'name', render: (group) => <Link to={`/groups/${group.id}`}>{group.name}</Link> },
  { label: 'Description', render: (group) => group.description ?? '' },
  { label: 'Members', render: (group) => group.memberCount },
  { label: 'Created', sortBy: 'createdAt', firstOrder: 'desc', render: (group) => formatDateTime(group.createdAt) },
];

/** `/groups`: user groups searched by name, and (user:manage) a new one. */
export function GroupsPage() {
  const can = useCan();
  const query = useListQuery(columns, { sortBy: 'name', sortOrder: 'asc' });
  const list = useApiGet('/api/groups', { query });
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link>
      </p>
      <h1>Groups</h1>
      {can('user:manage') && (
        <details className="panel create">
          <summary>New group</summary>
          <NameDescriptionForm
            label="New group"
            idPrefix="new-group"
            submitLabel="Create group"
            save={async ({ name, description }) => {
              const group = await api('POST', '/api/groups', { body: { name, description: description || null } });
              navigate(`/groups/${group.id}`);
            }}
          />
        </details>
      )}
      <DirectoryList what="groups" list={list} query={query} searchLabel="Name" columns={columns} />
    </section>
  );
}
