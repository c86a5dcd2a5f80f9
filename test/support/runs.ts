import type { TestApp } from './app.js';

/** Polls a run until `done` says so (or the time is up), and returns its last state. */
export async function waitForRun(
  api: TestApp,
  token: string,
  runId: string,
  done: (run: any) => boolean,
  timeoutMs = 60_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    last = (await api.request('GET', `/api/runs/${runId}`, { token })).body;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Run ${runId} did not get there in ${timeoutMs} ms; last state: ${JSON.stringify(last)}`);
}

export const hasStatus =
  (...statuses: string[]) =>
  (run: { status: string }) =>
    statuses.includes(run.status);
