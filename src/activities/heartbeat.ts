import { Context } from '@temporalio/activity';

const HEARTBEAT_INTERVAL_MS = 3_000;

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
