import { formatDateTime, formatDuration } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import type { RunStep } from './run-types';

/**
 * The steps in execution order, with what each connector step sent and got back (sanitized by the
 * API) and who decided each approval, how and with what comment.
 */
export function StepTimeline({ steps }: { steps: RunStep[] }) {
  if (steps.length === 0) return <p>No step has started yet.</p>;
  return (
    <ol className="timeline">
      {steps.map((step) => (
        <li key={`${step.sequence}-${step.attempt}`} className={`timeline-step timeline-${step.status}`}>
          <div className="timeline-head">
            <strong>{step.name}</strong>
            <span className="muted">
              {step.type}
              {step.attempt > 1 ? `, attempt ${step.attempt}` : ''}
            </span>
            <StatusBadge status={step.status} />
          </div>
          <dl className="facts">
            <dt>Started</dt>
            <dd>{formatDateTime(step.startedAt)}</dd>
            <dt>Ended</dt>
            <dd>{formatDateTime(step.completedAt)}</dd>
            <dt>Duration</dt>
            <dd>{formatDuration(step.startedAt, step.completedAt)}</dd>
            {step.outcome && (
              <>
                <dt>Outcome</dt>
                <dd>{step.outcome}</dd>
              </>
            )}
          </dl>
          {step.error && (
            <p className="error-box">
              {step.error.message}
              {step.error.code && <code className="error-code">{step.error.code}</code>}
            </p>
          )}
          {step.decisions && step.decisions.length > 0 && (
            <ul className="decisions" aria-label={`Decisions on ${step.name}`}>
              {step.decisions.map((decision) => (
                <li key={decision.userId}>
                  {decision.decision === 'approve' ? 'Approved' : 'Rejected'} by{' '}
                  {decision.displayName ?? decision.email ?? decision.userId}
                  {decision.email && decision.displayName ? ` (${decision.email})` : ''},{' '}
                  {formatDateTime(decision.decidedAt)}
                  {decision.comment ? `: “${decision.comment}”` : ', without comment'}
                </li>
              ))}
            </ul>
          )}
          {step.type === 'connector' && (hasContent(step.input) || hasContent(step.output)) && (
            <details>
              <summary>Connector request and response</summary>
              <h4>Request</h4>
              <pre>{JSON.stringify(step.input ?? null, null, 2)}</pre>
              <h4>Response</h4>
              <pre>{JSON.stringify(step.output ?? null, null, 2)}</pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}

function hasContent(value: unknown): boolean {
  return value !== undefined && value !== null;
}
