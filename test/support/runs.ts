import type { TestApp } from './app.js';
import { pollUntil } from './poll.js';

/** Polls a run until `done` says so (or the time is up), and returns its last state. */
export async function waitForRun(
  api: TestApp,
  token: string,
  runId: string,
  done: (run: any) => boolean,
  timeoutMs = 60_000,
): Promise<any> {
  const last = await pollUntil(async () => (await api.request('GET', `/api/runs/${runId}`, { token })).body, done, {
    timeoutMs,
    intervalMs: 100,
  });
  if (!done(last))
    throw new Error(`Run ${runId} did not get there in ${timeoutMs} ms; last state: ${JSON.stringify(last)}`);
  return last;
}

export const hasStatus =
  (...statuses: string[]) =>
  (run: { status: string }) =>
    statuses.includes(run.status);
