import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { pageOf, useQueryParams, useSetQueryParams } from '../components/query-params';
import { useApiGet } from '../components/async';
import { Link } from '../router';
import { useCan } from '../session/me';
import './pages.css';

/** `/connectors`: every connector, searched by name or description, with a way to add one. */
export function ConnectorsPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const [search, setSearch] = useState(values.search ?? '');
  const connectors = useApiGet('/api/connectors', {
    query: { page: pageOf(values.page), search: values.search, type: values.type },
  });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: search.trim(), page: '' });
  };
  return (
    <section className="page">
      <h1>Connectors</h1>
      {can('connector:manage') && (
        <p>
          <Link to="/connectors/new">New connector</Link>
        </p>
      )}
      <form className="filters" aria-label="Connector filters" onSubmit={submitSearch}>
        <div className="field">
          <label htmlFor="connectors-search">Name or description</label>
          <input
            id="connectors-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
      </form>
      <ErrorNotice error={connectors.error} />
      {connectors.data && (
        <>
          {connectors.data.data.length === 0 ? (
            <p>No connectors match.</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">State</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {connectors.data.data.map((connector) => (
                    <tr key={connector.id}>
                      <td>
                        <Link to={`/connectors/${connector.id}`}>{connector.name}</Link>
                      </td>
                      <td data-label="Type">{connector.type}</td>
                      <td data-label="State">
                        {connector.enabled ? 'enabled' : 'disabled'}
                        {connector.warnings.length > 0 && (
                          <span className="field-error"> · {connector.warnings.length} warning(s)</span>
                        )}
                      </td>
                      <td data-label="Description">{connector.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={connectors.data}
            label="Connector pages"
            onPage={(page) => setQuery({ page: String(page) })}
          />
        </>
      )}
    </section>
  );
}
