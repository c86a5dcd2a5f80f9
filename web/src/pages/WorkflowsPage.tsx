import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { oneOf } from '../components/one-of';
import { useQueryParams, useSetQueryParams, pageOf } from '../components/query-params';
import { StatusBadge } from '../components/StatusBadge';
import { useApiGet } from '../components/async';
import { Link } from '../router';
import { useCan } from '../session/me';
import './pages.css';
import { WORKFLOW_STATUSES } from './workflows/workflow-types';

/**
 * `/workflows`: definitions filtered by status (deprecated included) and a search on name or
 * description; "Show deleted" adds the soft-deleted ones, to open and restore or purge them.
 */
export function WorkflowsPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const [search, setSearch] = useState(values.search ?? '');
  const workflows = useApiGet('/api/workflows', {
    query: {
      page: pageOf(values.page),
      status: oneOf(WORKFLOW_STATUSES, values.status),
      search: values.search,
      includeDeleted: values.includeDeleted === 'true' ? 'true' : undefined,
    },
  });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: search.trim(), page: '' });
  };
  return (
    <section className="page">
      <h1>Workflows</h1>
      {can('workflow:create') && (
        <p>
          <Link to="/workflows/new">New workflow</Link>
        </p>
      )}
      <form className="filters" aria-label="Workflow filters" onSubmit={submitSearch}>
        <div className="field">
          <label htmlFor="workflows-status">Status</label>
          <select
            id="workflows-status"
            value={values.status ?? ''}
            onChange={(event) => setQuery({ status: event.target.value, page: '' })}
          >
            <option value="">Any</option>
            {WORKFLOW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="workflows-search">Name or description</label>
          <input
            id="workflows-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field field-button">
          <label className="inline-check">
            <input
              type="checkbox"
              checked={values.includeDeleted === 'true'}
              onChange={(event) => setQuery({ includeDeleted: event.target.checked ? 'true' : '', page: '' })}
            />
            Show deleted
          </label>
        </div>
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
      </form>
      <ErrorNotice error={workflows.error} />
      {workflows.data && (
        <>
          {workflows.data.data.length === 0 ? (
            <p>No workflows match.</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Version</th>
                    <th scope="col">Status</th>
                    <th scope="col">Category</th>
                    <th scope="col">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {workflows.data.data.map((workflow) => (
                    <tr key={workflow.id}>
                      <td>
                        <Link to={`/workflows/${workflow.id}`}>{workflow.name}</Link>
                      </td>
                      <td data-label="Version">{workflow.version}</td>
                      <td data-label="Status">
                        <StatusBadge status={workflow.status} />
                        {workflow.deletedAt && (
                          <>
                            {' '}
                            <StatusBadge status="deleted" />
                          </>
                        )}
                      </td>
                      <td data-label="Category">{workflow.category}</td>
                      <td data-label="Updated">{formatDateTime(workflow.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={workflows.data}
            label="Workflow pages"
            onPage={(page) => setQuery({ page: String(page) })}
          />
        </>
      )}
    </section>
  );
}
