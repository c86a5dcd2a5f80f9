import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 5 },
});

/** What the session-purge schedule starts: deletes expired web sessions, abandoned logins and expired sign-in links. */
export async function purgeExpiredSessionsWorkflow(): Promise<{
  sessions: number;
  loginAttempts: number;
  signInLinks: number;
}> {
  return activities.purgeExpiredSessions();
}
