import type { Page } from '../../components/Pagination';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StatusBadge } from '../../components/StatusBadge';
import { useApiGet } from '../../components/async';
import { Link } from '../../router';
import type { Workflow, WorkflowSummary } from './workflow-types';

/** Links to the version this one was cloned from and to the versions cloned from it. */
export function VersionChain({ workflow }: { workflow: Workflow }) {
  const next = useApiGet<Page<WorkflowSummary>>(
    `/api/workflows?sourceWorkflowId=${workflow.id}&sortBy=createdAt&sortOrder=asc`,
  );
  const later = next.data?.data ?? [];
  return (
    <nav className="panel version-chain" aria-label="Version chain">
      <h2>Versions</h2>
      <ul>
        <li>
          Previous version:{' '}
          {workflow.previousVersion ? <Link to={`/workflows/${workflow.previousVersion.id}`}>open</Link> : 'none'}
        </li>
        <li>
          Next versions:{' '}
          {later.length === 0
            ? 'none'
            : later.map((version, index) => (
                <span key={version.id}>
                  {index > 0 && ', '}
                  <Link to={`/workflows/${version.id}`}>
                    version {version.version} ({version.status})
                  </Link>
                </span>
              ))}
        </li>
      </ul>
      <ErrorNotice error={next.error} />
    </nav>
  );
}

export function WorkflowSummary({ workflow }: { workflow: Workflow }) {
  return (
    <dl className="facts header-facts">
      <div className="fact">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={workflow.status} />
        </dd>
      </div>
      <div className="fact">
        <dt>Version</dt>
        <dd>{workflow.version}</dd>
      </div>
      <div className="fact">
        <dt>Category</dt>
        <dd>{workflow.category}</dd>
      </div>
      <div className="fact">
        <dt>Triggers</dt>
        <dd>{workflow.trigger.types.join(', ')}</dd>
      </div>
    </dl>
  );
}
