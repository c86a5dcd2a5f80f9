import { ConfirmedButton } from '../../components/ConfirmedButton';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAction } from '../../components/use-action';
import { useApiGet } from '../../components/async';
import { useCan } from '../../session/me';
import { FINAL_RUN_STATUSES, type Run } from './run-types';

const ACTION_LABELS = { retry: 'Retry the failed step', skip: 'Skip the failed step' } as const;

/**
 * The diagnosis of a failed run (`GET /api/runs/:id/diagnose`) with its suggested actions as
 * buttons, and Cancel while the run is not finished. Each button is offered only with the
 * permission its route asks for; after it the page loads the run again.
 */
export function RunActions({
  run,
  awaitingChange,
  onChanged,
}: {
  run: Run;
  /** An action was sent and the run has not moved yet: offer nothing twice. */
  awaitingChange: boolean;
  onChanged: () => void;
}) {
  const can = useCan();
  const action = useAction();
  const diagnosis = useApiGet(run.status === 'failed' ? '/api/runs/{id}/diagnose' : null, { path: { id: run.id } });
  const act = async (path: '/api/runs/{id}/retry' | '/api/runs/{id}/skip' | '/api/runs/{id}/cancel') => {
    if (await action.run(() => api('POST', path, { path: { id: run.id } }))) onChanged();
  };
  const canCancel = can('run:cancel') && !FINAL_RUN_STATUSES.includes(run.status);
  const failed = run.status === 'failed' ? diagnosis.data : undefined;
  if (!failed && !canCancel && !diagnosis.error) return null;
  return (
    <section className="panel" aria-labelledby="run-diagnosis">
      <h2 id="run-diagnosis">{run.status === 'failed' ? 'Diagnosis' : 'Actions'}</h2>
      <ErrorNotice error={diagnosis.error} />
      {failed?.failedStep && (
        <p>
          Step <strong>{failed.failedStep.name}</strong> ({failed.failedStep.type}) failed
          {failed.failedStep.attempts > 1 ? ` ${failed.failedStep.attempts} times` : ''}:{' '}
          {failed.failedStep.error?.message ?? 'no error message'}
          {failed.failedStep.error?.code && <code className="error-code">{failed.failedStep.error.code}</code>}
        </p>
      )}
      {failed && failed.suggestedActions.length > 0 && (
        <ul className="suggestions">
          {failed.suggestedActions.map((suggestion) => (
            <li key={suggestion.action}>
              {suggestion.action === 'fix_workflow' ? (
                <strong>Fix the workflow</strong>
              ) : can('run:update') ? (
                suggestion.action === 'skip' ? (
                  <ConfirmedButton
                    label={ACTION_LABELS.skip}
                    consequence="The failed step stays failed in the timeline and the run goes on along its success path, as if the step had done its work."
                    confirmLabel="Yes, skip the step"
                    disabled={action.busy || awaitingChange}
                    onConfirm={() => void act('/api/runs/{id}/skip')}
                  />
                ) : (
                  <button
                    type="button"
                    disabled={action.busy || awaitingChange}
                    onClick={() => void act('/api/runs/{id}/retry')}
                  >
                    {ACTION_LABELS.retry}
                  </button>
                )
              ) : (
                <strong>{ACTION_LABELS[suggestion.action]}</strong>
              )}
              <span className="muted"> {suggestion.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {canCancel && (
        <ConfirmedButton
          label="Cancel the run"
          consequence="The run stops for good: its open approvals and tasks close as cancelled and no further step runs."
          confirmLabel="Yes, cancel the run"
          className="danger"
          disabled={action.busy || awaitingChange}
          onConfirm={() => void act('/api/runs/{id}/cancel')}
        />
      )}
      {awaitingChange && <p role="status">Sent; waiting for the run to move on…</p>}
      <ErrorNotice error={action.error} />
    </section>
  );
}
