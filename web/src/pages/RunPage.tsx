import { useEffect, useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { StatusBadge } from '../components/StatusBadge';
import { MaybeUserName, UserName } from '../components/UserName';
import { useApiGet } from '../components/async';
import { Link } from '../router';
import { useCan } from '../session/me';
import './pages.css';
import { RunActions } from './runs/RunActions';
import { StepTimeline } from './runs/StepTimeline';
import { RunVariables } from './runs/RunVariables';
import type { RunWait } from './runs/run-types';

/** While a run moves on its own, the page follows it at this pace. */
const FOLLOW_MS = 2000;
const MOVING_STATUSES: readonly string[] = ['pending', 'running'];
/**
 * Retry, skip and cancel reach the run's workflow as a signal, so the status changes a moment
 * after the call returns: the page follows the run until it leaves the status it had, this long at most.
 */
const AFTER_ACTION_MS = 30_000;

/** `/runs/:id`: one run, its step timeline, its diagnosis and what may be done about it. */
export function RunPage({ id }: { id: string }) {
  const can = useCan();
  const run = useApiGet('/api/runs/{id}', { path: { id } });
  const steps = useApiGet('/api/runs/{id}/steps', { path: { id } });
  const reload = () => {
    run.reload();
    steps.reload();
  };
  const [acted, setActed] = useState<{ from: string; until: number } | undefined>();
  const status = run.data?.status;
  const awaitingChange = acted !== undefined && status === acted.from && Date.now() < acted.until;
  const moving = (status !== undefined && MOVING_STATUSES.includes(status)) || awaitingChange;
  useEffect(() => {
    if (!moving) return;
    const timer = window.setTimeout(reload, FOLLOW_MS);
    return () => window.clearTimeout(timer);
  });
  if (!run.data) {
    return (
      <section className="page">
        <h1>Run</h1>
        {run.error ? <ErrorNotice error={run.error} /> : <p>Loading…</p>}
      </section>
    );
  }
  const current = run.data;
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/runs">Runs</Link>
      </p>
      <h1>
        {current.definitionName} <span className="muted">run {current.id.slice(0, 8)}</span>
      </h1>
      <ErrorNotice error={run.error} />
      <dl className="facts header-facts">
        <div className="fact">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={current.status} />
            {current.isTestRun && <span className="tag">test run</span>}
          </dd>
        </div>
        <div className="fact">
          <dt>Workflow</dt>
          <dd>
            {can('workflow:read') ? (
              <Link to={`/workflows/${current.definitionId}`}>
                {current.definitionName} v{current.definitionVersion}
              </Link>
            ) : (
              `${current.definitionName} v${current.definitionVersion}`
            )}
          </dd>
        </div>
        <div className="fact">
          <dt>Subject</dt>
          <dd>{current.subject === null ? '—' : <MaybeUserName value={current.subject} />}</dd>
        </div>
        <div className="fact">
          <dt>Started by</dt>
          <dd>
            <UserName userId={current.startedBy} />
          </dd>
        </div>
        <div className="fact">
          <dt>Started</dt>
          <dd>{formatDateTime(current.startedAt)}</dd>
        </div>
        <div className="fact">
          <dt>Ended</dt>
          <dd>{formatDateTime(current.completedAt)}</dd>
        </div>
        <div className="fact">
          <dt>Temporal</dt>
          <dd>
            {current.temporalUiLink ? (
              <a href={current.temporalUiLink} target="_blank" rel="noreferrer noopener">
                Open in the Temporal UI
              </a>
            ) : (
              <code>{current.temporalWorkflowId}</code>
            )}
          </dd>
        </div>
      </dl>
      {current.error && (
        <p className="error-box">
          {current.error.message}
          {current.error.code && <code className="error-code">{current.error.code}</code>}
        </p>
      )}
      {current.waitingFor && current.waitingFor.length > 0 && <WaitingFor waits={current.waitingFor} />}
      <RunActions
        key={`${current.status}-${current.steps.length}`}
        run={current}
        awaitingChange={awaitingChange}
        onChanged={() => {
          setActed({ from: current.status, until: Date.now() + AFTER_ACTION_MS });
          reload();
        }}
      />
      <section className="panel" aria-labelledby="run-steps">
        <h2 id="run-steps">Steps</h2>
        <ErrorNotice error={steps.error} />
        <StepTimeline steps={steps.data?.steps ?? current.steps} />
      </section>
      <RunVariables key={JSON.stringify(current.variables)} run={current} onChanged={reload} />
    </section>
  );
}

/** Whom each open approval or task of the run waits for, and until when. */
function WaitingFor({ waits }: { waits: RunWait[] }) {
  return (
    <section className="panel" aria-labelledby="run-waiting-for">
      <h2 id="run-waiting-for">Waiting for</h2>
      <ul>
        {waits.map((wait) => (
          <li key={wait.id}>
            {wait.kind === 'approval' ? 'Approval' : 'Task'} <code>{wait.stepId}</code>:{' '}
            {wait.users.map((user, index) => (
              <span key={user.id}>
                {index > 0 && ', '}
                {user.displayName ?? <UserName userId={user.id} />}
              </span>
            ))}
            {wait.users.length > 0 && wait.roles.length > 0 && ', '}
            {wait.roles.length > 0 && `any holder of ${wait.roles.join(', ')}`}
            {wait.requiredApprovals !== null && wait.requiredApprovals > 1 && ` (${wait.requiredApprovals} decisions)`}
            {wait.escalatesAt && ` · escalates ${formatDateTime(wait.escalatesAt)}`}
            {` · ${wait.dueAt ? `times out ${formatDateTime(wait.dueAt)}` : 'no timeout'}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
