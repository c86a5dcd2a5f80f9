import type { Database } from '../db/client.js';
import { createAuditActivities } from './audit.js';

export interface ActivityDependencies {
  db: Database;
}

/** Every activity of the service, built with the dependencies the worker injects. */
export function createActivities(deps: ActivityDependencies) {
  return {
    ...createAuditActivities(deps.db),
  };
}

export type Activities = ReturnType<typeof createActivities>;
