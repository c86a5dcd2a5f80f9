import { api } from '../../api/client';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StatusBadge } from '../../components/StatusBadge';
import { useApiGet } from '../../components/async';
import { useAction } from '../../components/use-action';
import { Link } from '../../router';
import { useCan } from '../../session/me';
import { VersionDiff } from './VersionDiff';
import type { Workflow, WorkflowSummary } from './workflow-types';

/**
 * Links to the version this one was cloned from and to the versions cloned from it, and the
 * comparison of any two versions of the chain.
 */
export function VersionChain({ workflow }: { workflow: Workflow }) {
  const next = useApiGet('/api/workflows', {
    query: { sourceWorkflowId: workflow.id, sortBy: 'createdAt', sortOrder: 'asc' },
  });
  const later = next.data?.data ?? [];
  const previous = useApiGet(workflow.previousVersion ? '/api/workflows/{id}' : null, {
    path: { id: workflow.previousVersion?.id ?? '' },
  });
  return (
    <nav className="panel version-chain" aria-label="Version chain">
      <h2>Versions</h2>
      <ul>
        <li>
          Previous version:{' '}
          {workflow.previousVersion ? (
            <Link to={`/workflows/${workflow.previousVersion.id}`}>
              {previous.data ? versionLabel(previous.data) : 'open'}
            </Link>
          ) : (
            'none'
          )}
        </li>
        <li>
          Next versions:{' '}
          {later.length === 0
            ? 'none'
            : later.map((version, index) => (
                <span key={version.id}>
                  {index > 0 && ', '}
                  <Link to={`/workflows/${version.id}`}>{versionLabel(version)}</Link>
                </span>
              ))}
        </li>
      </ul>
      <ErrorNotice error={next.error} />
      <ErrorNotice error={previous.error} />
      {workflow.status === 'active' && workflow.previousVersion && (
        <PreviousStillActive previousId={workflow.previousVersion.id} replacedBy={workflow.id} />
      )}
      <VersionDiff workflow={workflow} />
    </nav>
  );
}

/**
 * A version as the chain names it. A draft made by create-version still carries its source's
 * number (it gets the next one when published), so it is named as the draft it is.
 */
function versionLabel(version: Pick<WorkflowSummary, 'version' | 'status'>): string {
  return version.status === 'draft' ? 'a draft, not yet published' : `version ${version.version} (${version.status})`;
}

/**
 * Publishing a version leaves its source active unless told otherwise (spec 9): both then take
 * new runs, so the newer version's page says so and offers to deprecate the older one.
 */
function PreviousStillActive({ previousId, replacedBy }: { previousId: string; replacedBy: string }) {
  const can = useCan();
  const previous = useApiGet('/api/workflows/{id}', { path: { id: previousId } });
  const deprecate = useAction();
  if (previous.data?.status !== 'active') return null;
  const { version } = previous.data;
  const submit = async () => {
    if (
      await deprecate.run(() =>
        api('POST', '/api/workflows/{id}/deprecate', { path: { id: previousId }, body: { replacedBy } }),
      )
    )
      previous.reload();
  };
  return (
    <div className="notice" role="status">
      <p>Version {version}, the previous version, is still active: both take new runs.</p>
      {can('workflow:update') && (
        <ConfirmedButton
          label={`Deprecate version ${version}`}
          className="danger"
          disabled={deprecate.busy}
          consequence={`Version ${version} will refuse new runs; its runs in progress go on.`}
          confirmLabel="Yes, deprecate"
          onConfirm={() => void submit()}
        />
      )}
      <ErrorNotice error={deprecate.error} />
    </div>
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
