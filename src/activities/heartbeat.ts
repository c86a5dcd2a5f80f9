import { Context } from '@temporalio/activity';

const HEARTBEAT_INTERVAL_MS = 3_000;
/** How often a step-work activity heartbeats, as a Temporal duration (the worker's heartbeat throttle). */
export const HEARTBEAT_INTERVAL = `${HEARTBEAT_INTERVAL_MS}ms`;

/**
 * Runs `work` while heartbeating every few seconds, so the workflow's heartbeat timeout notices
 * a worker that died rather than one that is busy. `work` may also heartbeat at milestones.
 */
export async function withHeartbeat<T>(work: (heartbeat: () => void) => Promise<T>): Promise<T> {
  const context = Context.current();
  const heartbeat = () => context.heartbeat();
  const timer = setInterval(heartbeat, HEARTBEAT_INTERVAL_MS);
  try {
    return await work(heartbeat);
  } finally {
    clearInterval(timer);
  }
}

/**
 * The running activity's cancellation signal, aborted once Temporal says the activity was
 * cancelled (its run cancelled, or its workflow gone), which the worker learns on a heartbeat.
 * Undefined outside an activity.
 */
export function activityCancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}
