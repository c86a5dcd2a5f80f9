import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { PeopleStepActivities } from '../activities/people-steps.js';
import type { RunProjectionActivities } from '../activities/run-projection.js';
import type { RunStepActivities } from '../activities/run-steps.js';

// The run interpreter's two kinds of activity, each proxy typed with only its own activities.

const retry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 10 };

/** The work of the steps: connector calls, notifications, role changes, approvals and tasks. */
export const stepWork = proxyActivities<RunStepActivities & PeopleStepActivities>({
  startToCloseTimeout: '2 minutes',
  retry,
});

/**
 * Connector calls heartbeat while the remote answers: a worker that died mid-call is noticed after
 * 15 s (not 2 minutes) and the call runs again elsewhere, with the same idempotency key.
 */
export const connectorWork = proxyActivities<Pick<RunStepActivities, 'runConnectorStep'>>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '15 seconds',
  retry,
});

/**
 * The projection writes (the run and step rows the API reads) are short idempotent database
 * upserts: as local activities they run in this worker without a round trip through the Temporal
 * server per write.
 */
export const projection = proxyLocalActivities<RunProjectionActivities>({ startToCloseTimeout: '30 seconds', retry });
