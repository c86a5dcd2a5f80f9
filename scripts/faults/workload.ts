import type { ApiAnswer, ApiClient } from './api-client.js';

/** The steps a run takes: approved runs provision, rejected ones end after the approval. */
export const APPROVED_PATH = ['start', 'create', 'wait', 'approve', 'provision', 'end'];
export const REJECTED_PATH = ['start', 'create', 'wait', 'approve', 'end'];
export const CONNECTOR_STEPS = new Set(['create', 'provision']);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The workflow under load: a connector call with a side effect, a durable timer, an approval
 * decided through the API, and a second connector call once approved. A failed connector call
 * is retried twice (the `retry` error strategy) before the run fails.
 */
function faultWorkflow(approverId: string) {
  const connectorCall = (id: string, next: string, url: string) => ({
    id,
    name: id,
    type: 'connector',
    config: {
      connector: 'remote',
      command: 'request',
      parameters: { method: 'POST', url, body: { run: '{{run.id}}' } },
    },
    transitions: [{ on: 'success', goto: next }],
  });
  return {
    name: `Faults ${Date.now()}`,
    description: 'The fault suite workload',
    category: 'general',
    trigger: { types: ['manual'] },
    variables: [],
    onError: 'retry',
    debugLogging: false,
    steps: [
      { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'create' }] },
      connectorCall('create', 'wait', '/accounts'),
      {
        id: 'wait',
        name: 'wait',
        type: 'delay',
        config: { duration: '2s' },
        transitions: [{ on: 'success', goto: 'approve' }],
      },
      {
        id: 'approve',
        name: 'approve',
        type: 'approval',
        config: { approvers: [approverId], allowSelfApproval: true },
        transitions: [
          { on: 'approved', goto: 'provision' },
          { on: 'rejected', goto: 'end' },
        ],
      },
      connectorCall('provision', 'end', '/grants'),
      { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
    ],
  };
}

/**
 * Retries what a client retries: 5xx and refused connections (the API client has counted every
 * 5xx other than 503 as a broken promise already). A 4xx or 2xx is final.
 */
export async function untilAnswered(call: () => Promise<ApiAnswer>, giveUpAfterMs = 180_000): Promise<ApiAnswer> {
  const deadline = Date.now() + giveUpAfterMs;
  for (;;) {
    const answer = await call();
    if ((answer.status < 500 && answer.status !== 0) || Date.now() > deadline) return answer;
    await pause(500);
  }
}

function expectStatus(answer: ApiAnswer, status: number, what: string): any {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface Workload {
  workflowId: string;
  /** Run id to the decision its approval gets. */
  readonly runs: Map<string, 'approve' | 'reject'>;
  /** Starts `count` runs one after the other, spread over `spreadOverMs` when given. */
  start(count: number, spreadOverMs?: number): Promise<void>;
  /** Decides every pending approval of the workload's runs, until `stop` is called. */
  decideContinuously(): { stop(): Promise<void> };
  /** Retries, through the API, every run that failed (as an operator would); returns their ids. */
  retryFailed(): Promise<string[]>;
}

export async function createWorkload(api: ApiClient, remoteUrl: string, approverId: string): Promise<Workload> {
  const connector = await untilAnswered(() =>
    api.request('POST', '/api/connectors', { name: 'remote', type: 'http', config: { baseUrl: remoteUrl } }),
  );
  if (connector.status !== 201 && connector.status !== 409) expectStatus(connector, 201, 'create connector');
  const draft = expectStatus(
    await api.request('POST', '/api/workflows', faultWorkflow(approverId)),
    201,
    'create workflow',
  );
  expectStatus(await api.request('POST', `/api/workflows/${draft.id}/publish`, {}), 200, 'publish workflow');
  const runs = new Map<string, 'approve' | 'reject'>();

  return {
    workflowId: draft.id,
    runs,
    async start(count, spreadOverMs = 0) {
      for (let started = 0; started < count; started += 1) {
        if (started > 0) await pause(spreadOverMs / count);
        const run = expectStatus(
          await untilAnswered(() => api.request('POST', `/api/workflows/${draft.id}/start`, { variables: {} })),
          201,
          'start run',
        );
        // One run in four is rejected, so both end paths are exercised.
        runs.set(run.id, runs.size % 4 === 3 ? 'reject' : 'approve');
      }
    },
    decideContinuously() {
      let stopped = false;
      const loop = (async () => {
        while (!stopped) {
          const page = await api.request('GET', '/api/approvals?all=true&pageSize=100');
          for (const approval of page.status === 200 ? (page.body.data as Array<{ id: string; runId: string }>) : []) {
            const decision = runs.get(approval.runId);
            if (decision) await api.request('POST', `/api/approvals/${approval.id}/decide`, { decision });
          }
          await pause(300);
        }
      })();
      return {
        async stop() {
          stopped = true;
          await loop;
        },
      };
    },
    async retryFailed() {
      const retried: string[] = [];
      for (const runId of runs.keys()) {
        const run = await untilAnswered(() => api.request('GET', `/api/runs/${runId}`));
        if (run.body?.status !== 'failed') continue;
        expectStatus(await untilAnswered(() => api.request('POST', `/api/runs/${runId}/retry`, {})), 200, 'retry run');
        retried.push(runId);
      }
      return retried;
    },
  };
}
