import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { useQueryParams, useSetQueryParams } from '../components/query-params';
import { StatusBadge } from '../components/StatusBadge';
import { MaybeUserName, UserName } from '../components/UserName';
import { useApiGet } from '../components/async';
import { Link } from '../router';
import { useMe } from '../session/me';
import './pages.css';
import { RunFilters, runScopeOf, runsApiQuery, useDefaultRunScope } from './runs/RunFilters';

/** `/runs`: the reader's requests or every run, newest first, filtered as the URL query says. */
export function RunsPage() {
  const me = useMe();
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const scope = runScopeOf(values, useDefaultRunScope());
  const runs = useApiGet('/api/runs', { query: runsApiQuery(values, scope, me.id) });
  return (
    <section className="page">
      <h1>{scope === 'mine' ? 'My requests' : 'Runs'}</h1>
      <RunFilters values={values} scope={scope} onChange={setQuery} />
      <ErrorNotice error={runs.error} />
      {runs.data && (
        <>
          {runs.data.data.length === 0 ? (
            <p>{scope === 'mine' ? 'None of your requests match these filters.' : 'No runs match these filters.'}</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack">
                <thead>
                  <tr>
                    <th scope="col">Run</th>
                    <th scope="col">Workflow</th>
                    <th scope="col">Status</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Started by</th>
                    <th scope="col">Started</th>
                  </tr>
                </thead>
                <tbody>
                  {runs.data.data.map((run) => (
                    <tr key={run.id}>
                      <td data-label="Run">
                        <Link to={`/runs/${run.id}`}>{run.id.slice(0, 8)}</Link>
                        {run.isTestRun && <span className="tag">test</span>}
                      </td>
                      <td data-label="Workflow">
                        {run.definitionName} v{run.definitionVersion}
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={run.status} />
                      </td>
                      <td data-label="Subject">{run.subject === null ? '—' : <MaybeUserName value={run.subject} />}</td>
                      <td data-label="Started by">
                        <UserName userId={run.startedBy} />
                      </td>
                      <td data-label="Started">{formatDateTime(run.startedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={runs.data} label="Runs pages" onPage={(page) => setQuery({ page: String(page) })} />
        </>
      )}
    </section>
  );
}
