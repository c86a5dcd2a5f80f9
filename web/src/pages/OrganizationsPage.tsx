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
import type { Organization, OrganizationListItem } from './directory/directory-types';
import './pages.css';

const columns: Column<OrganizationListItem, SortFieldOf<'/api/organizations'>>[] = [
  {
    label: 'Name',
    sortBy: 'name',
    render: (org) => (
      <>
        <Link to={`/organizations/${org.id}`}>{org.name}</Link>
        {org.deletedAt && <span className="tag">deleted</span>}
      </>
    ),
  },
  { label: 'Email domain', render: (org) => org.domain ?? '—' },
  {
    label: 'Parent',
    render: (org) =>
      org.parentId ? <Link to={`/organizations/${org.parentId}`}>{org.parentName ?? org.parentId}</Link> : '—',
  },
  { label: 'Members', render: (org) => org.memberCount },
  { label: 'Updated', sortBy: 'updatedAt', firstOrder: 'desc', render: (org) => formatDateTime(org.updatedAt) },
];

/** `/organizations`: organizations searched by name or domain, and (org:manage) a new one. */
export function OrganizationsPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const query = useListQuery(columns, { sortBy: 'name', sortOrder: 'asc' });
  const list = useApiGet('/api/organizations', {
    query: { ...query, includeDeleted: values.includeDeleted === 'true' ? 'true' : undefined },
  });
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link>
      </p>
      <h1>Organizations</h1>
      {can('org:manage') && <NewOrganization />}
      <DirectoryList
        what="organizations"
        list={list}
        query={query}
        searchLabel="Name or domain"
        columns={columns}
        filters={
          <div className="field checkbox field-button">
            <input
              id="organizations-deleted"
              type="checkbox"
              checked={values.includeDeleted === 'true'}
              onChange={(event) => setQuery({ includeDeleted: event.target.checked ? 'true' : '', page: '' })}
            />
            <label htmlFor="organizations-deleted">Include deleted organizations</label>
          </div>
        }
      />
    </section>
  );
}

function NewOrganization() {
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const create = useAction();
  const errors = formErrorsOf(create.error, 'name');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let created: Organization | undefined;
    const body = { name: name.trim(), domain: domain.trim() || null };
    if (await create.run(async () => (created = await api('POST', '/api/organizations', { body })))) {
      navigate(`/organizations/${created!.id}`);
    }
  };
  return (
    <details className="panel create">
      <summary>New organization</summary>
      <form className="form" aria-label="New organization" onSubmit={(event) => void submit(event)}>
        <TextField id="new-org-name" label="Name" required value={name} onChange={setName} error={errors.fields.name} />
        <TextField
          id="new-org-domain"
          label="Email domain"
          value={domain}
          onChange={setDomain}
          error={errors.fields.domain}
          hint="example.com: users created later with an email at this domain become members"
        />
        <ErrorNotice error={errors.form} />
        <button type="submit" className="primary" disabled={create.busy}>
          Create organization
        </button>
      </form>
    </details>
  );
}
