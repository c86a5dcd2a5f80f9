/** The run an approval or task belongs to: workflow, subject and the run's variables. */
import { Async, useApiGet } from '../../components/async';
import { MaybeUserName } from '../../components/UserName';
import { Link } from '../../router';

export function RunContext({ runId }: { runId: string }) {
  const run = useApiGet('/api/runs/{id}', { path: { id: runId } });
  return (
    <Async loaded={run} what="the run">
      {(loaded) => (
        <div className="run-context">
          <p className="meta">
            <Link to={`/runs/${loaded.id}`}>
              {loaded.definitionName} v{loaded.definitionVersion}
            </Link>
            {loaded.subject && (
              <>
                {' '}
                · subject <MaybeUserName value={loaded.subject} />
              </>
            )}
          </p>
          <Variables variables={loaded.variables} />
        </div>
      )}
    </Async>
  );
}

function Variables({ variables }: { variables: Record<string, unknown> }) {
  const entries = Object.entries(variables);
  if (entries.length === 0) return null;
  return (
    <dl className="variables" aria-label="Run variables">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{typeof value === 'string' ? <MaybeUserName value={value} /> : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
