import type { Config } from '../config/index.js';
import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import type { Logger } from '../logging/logger.js';
import type { Mailer } from '../notifications/mailer.js';
import { createAccessReviewActivities } from './access-reviews.js';
import { createAccountReconciliationActivities } from './account-reconciliation.js';
import { createAuditActivities } from './audit.js';
import { createAuditSinkActivities } from './audit-sinks.js';
import { createPeopleConfirmationActivities } from './people-confirmations.js';
import { createPeopleStepActivities } from './people-steps.js';
import { createPostSyncActivities } from './post-sync.js';
import { createRunProjectionActivities } from './run-projection.js';
import { createRoleExpiryActivities } from './role-expiry.js';
import { createRoleResyncActivities } from './role-resync.js';
import { createRunStepActivities } from './run-steps.js';
import { createScheduleActivities } from './schedules.js';
import { createSyncActivities } from './sync.js';
import { createSessionActivities } from './sessions.js';
import { stepWorkActivities } from './step-work.js';

export interface ActivityDependencies {
  db: Database;
  connectors: ConnectorRuntime;
  /** Absent when SMTP is not configured: notifications stay in-app. */
  mailer?: Mailer;
  /** The worker's log: internal errors of steps are written there under the reference the step shows. */
  logger?: Logger;
  /** The worker's AUDIT_RETENTION_DAYS and export folder; absent: audit entries are kept. */
  auditRetention?: Config['auditRetention'];
}

/** Every activity of the service, built with the dependencies the worker injects. */
export function createActivities(deps: ActivityDependencies) {
  const projection = createRunProjectionActivities(deps.db);
  return {
    ...createAuditActivities(deps.db, deps.auditRetention),
    ...createAuditSinkActivities(deps),
    ...projection,
    // The run steps' work: its proxy has a heartbeat timeout (workflows/run-activities.ts).
    ...stepWorkActivities(createRunStepActivities(deps), projection.applyProjection),
    ...stepWorkActivities(createPeopleStepActivities(deps.db), projection.applyProjection),
    ...stepWorkActivities(createAccountReconciliationActivities(deps), projection.applyProjection),
    // Local activities of the run interpreter, as the projection writes are.
    ...createPeopleConfirmationActivities(deps.db),
    ...createScheduleActivities(deps.db),
    ...createSyncActivities(deps),
    ...createSessionActivities(deps.db),
    ...createPostSyncActivities(deps.db),
    ...createRoleExpiryActivities(deps),
    ...createRoleResyncActivities(deps),
    ...createAccessReviewActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
