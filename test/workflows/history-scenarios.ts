import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { approvalDecidedSignal, runWorkflowId } from '../../src/temporal/messages.js';
import { connectSuiteTemporal, type TestApp } from '../support/app.js';
import { localActivityRecorded } from '../support/workflow-history.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { definition, end, start, step } from '../support/workflows.js';

/**
 * Representative runs of the interpreter, one per fixture in test/fixtures/histories/: each is
 * started and driven through the API by history-recorder.ts, and its Temporal history is replayed
 * against the current workflow code by recorded-histories.test.ts.
 */
export interface HistoryScenario {
  name: string;
  definition: (people: People) => WorkflowDefinitionInput;
  variables?: (people: People) => Record<string, unknown>;
  /** Drives the started run to its end through the API, as the admin who started it. */
  drive: (api: TestApp, token: string, runId: string, people: People) => Promise<void>;
  /** The first version recorded with this scenario (RECORDED_VERSIONS); all of them when unset. */
  recordedSince?: RecordedVersion;
}

/** The folders of test/fixtures/histories/, oldest first (see its README). */
export const RECORDED_VERSIONS = ['9209153', '6a41847', '8a0d88f', 'af2341e'] as const;
export type RecordedVersion = (typeof RECORDED_VERSIONS)[number];

/** The scenarios a version's folder holds: those that existed when it was recorded. */
export const scenariosRecordedIn = (version: RecordedVersion) =>
  HISTORY_SCENARIOS.filter(
    (scenario) =>
      !scenario.recordedSince ||
      RECORDED_VERSIONS.indexOf(scenario.recordedSince) <= RECORDED_VERSIONS.indexOf(version),
  );

/** The admin who starts the runs, and an approver who decides them (nobody decides their own run). */
export interface People {
  adminId: string;
  approverId: string;
  approverToken: string;
}

const completes = async (api: TestApp, token: string, runId: string) => {
  await waitForRun(api, token, runId, hasStatus('completed'), 30_000);
};

async function waitingItem(api: TestApp, token: string, runId: string, path: '/api/approvals?all=true' | '/api/tasks') {
  await waitForRun(api, token, runId, hasStatus('waiting'));
  const listed = (await api.request('GET', path, { token })).body.data as Array<{ id: string; runId: string }>;
  const item = listed.find((candidate) => candidate.runId === runId);
  if (!item) throw new Error(`nothing waiting for run ${runId} at ${path}`);
  return item;
}

async function expectOk(response: Promise<{ status: number; text: string }>) {
  const { status, text } = await response;
  if (status !== 200) throw new Error(`expected 200, got ${status}: ${text}`);
}

export const HISTORY_SCENARIOS: HistoryScenario[] = [
  {
    name: 'approval-escalated-then-approved',
    definition: ({ adminId, approverId }) =>
      definition(
        'approval escalated',
        [
          start('ask'),
          step(
            'ask',
            'approval',
            {
              approvers: ['{{who}}'],
              message: 'Please approve',
              escalation: { after: '1s', addApprovers: [approverId], notify: [adminId] },
            },
            { approved: 'tell', rejected: 'end' },
          ),
          step(
            'tell',
            'notification',
            { recipientId: '{{who}}', message: 'Approved: {{steps.ask.decision}}' },
            {
              success: 'end',
            },
          ),
          end(),
        ],
        { variables: [{ name: 'who', type: 'user', required: true }] },
      ),
    variables: ({ approverId }) => ({ who: approverId }),
    drive: async (api, token, runId, { approverToken }) => {
      const approval = await waitingItem(api, token, runId, '/api/approvals?all=true');
      // Past the escalation timer, so the history holds the escalation and its notification.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await expectOk(
        api.request('POST', `/api/approvals/${approval.id}/decide`, {
          token: approverToken,
          body: { decision: 'approve' },
        }),
      );
      await completes(api, token, runId);
    },
  },
  {
    name: 'approval-rejected',
    definition: ({ approverId }) =>
      definition('approval rejected', [
        start('ask'),
        step('ask', 'approval', { approvers: [approverId], mode: 'all' }, { approved: 'end', rejected: 'no' }),
        end(),
        end('no'),
      ]),
    drive: async (api, token, runId, { approverToken }) => {
      const approval = await waitingItem(api, token, runId, '/api/approvals?all=true');
      await expectOk(
        api.request('POST', `/api/approvals/${approval.id}/decide`, {
          token: approverToken,
          body: { decision: 'reject' },
        }),
      );
      await completes(api, token, runId);
    },
  },
  {
    name: 'approval-timeout',
    definition: () =>
      definition('approval timeout', [
        start('ask'),
        step(
          'ask',
          'approval',
          { approvers: ['approver'], timeout: '1s' },
          { approved: 'end', rejected: 'end', timeout: 'late' },
        ),
        end(),
        end('late'),
      ]),
    drive: completes,
  },
  {
    name: 'task-completed-then-condition',
    definition: () =>
      definition(
        'task and condition',
        [
          start('pick'),
          step(
            'pick',
            'task',
            { assignee: '{{who}}', title: 'Pick a laptop', fields: [{ name: 'model', type: 'string' }] },
            { success: 'check' },
          ),
          step('check', 'condition', { expression: 'model == "MacBook"' }, { true: 'mac', false: 'other' }),
          end('mac'),
          end('other'),
        ],
        {
          variables: [
            { name: 'who', type: 'user', required: true },
            { name: 'note', type: 'string', required: false },
          ],
        },
      ),
    variables: ({ adminId }) => ({ who: adminId }),
    drive: async (api, token, runId) => {
      const task = await waitingItem(api, token, runId, '/api/tasks');
      await expectOk(
        api.request('PUT', `/api/runs/${runId}`, { token, body: { variables: { note: 'edited while waiting' } } }),
      );
      await expectOk(
        api.request('POST', `/api/tasks/${task.id}/complete`, { token, body: { values: { model: 'MacBook' } } }),
      );
      await completes(api, token, runId);
    },
  },
  {
    name: 'task-timeout',
    definition: ({ adminId }) =>
      definition('task timeout', [
        start('pick'),
        step('pick', 'task', { assignee: adminId, timeout: '1s' }, { success: 'end', timeout: 'late' }),
        end(),
        end('late'),
      ]),
    drive: completes,
  },
  {
    name: 'condition-delay-connector-notification',
    definition: ({ adminId }) =>
      definition(
        'branches, timer and connector',
        [
          start('big'),
          step('big', 'condition', { expression: 'amount > 100' }, { true: 'wait', false: 'end' }),
          step('wait', 'delay', { duration: '1s' }, { success: 'tables' }),
          step(
            'tables',
            'connector',
            { connector: 'test-db', command: 'list-tables', parameters: {}, outputVariable: 'listed' },
            { success: 'small' },
          ),
          step('small', 'condition', { expression: 'amount < 10' }, { true: 'end', false: 'tell' }),
          step('tell', 'notification', { recipientId: adminId, message: 'Done: {{amount}}' }, { success: 'end' }),
          end(),
        ],
        { variables: [{ name: 'amount', type: 'number', required: true }] },
      ),
    variables: () => ({ amount: 250 }),
    drive: completes,
  },
  {
    // JavaScript's RegExp takes the no-break space for \s, RE2 does not: the run notifies only
    // where its condition was evaluated with RegExp (patched('linear-matches')).
    name: 'condition-matches-differs-between-engines',
    recordedSince: '8a0d88f',
    definition: ({ adminId }) =>
      definition(
        'a pattern the engines read differently',
        [
          start('spaced'),
          step('spaced', 'condition', { expression: 'text.matches("^a\\\\sb$")' }, { true: 'tell', false: 'end' }),
          step('tell', 'notification', { recipientId: adminId, message: 'Spaced: {{text}}' }, { success: 'end' }),
          end(),
        ],
        { variables: [{ name: 'text', type: 'string', required: true }] },
      ),
    variables: () => ({ text: 'a\u00a0b' }),
    drive: completes,
  },
  {
    name: 'connector-retry-strategy-fails-then-resumed-by-skip',
    definition: () =>
      definition(
        'retry strategy then skip',
        [
          start('call'),
          step(
            'call',
            'connector',
            { connector: 'test-db', command: 'list-tables', parameters: {}, simulateFailure: 'down for maintenance' },
            { success: 'end' },
          ),
          end(),
        ],
        { onError: 'retry' },
      ),
    drive: async (api, token, runId) => {
      await waitForRun(api, token, runId, hasStatus('failed'), 30_000);
      await expectOk(api.request('POST', `/api/runs/${runId}/skip`, { token }));
      await completes(api, token, runId);
    },
  },
  {
    name: 'connector-failure-resumed-by-retry',
    definition: () =>
      definition('stop then retry', [
        start('call'),
        step(
          'call',
          'connector',
          { connector: 'test-db', command: 'query', parameters: { table: 'no_such_table_for_replay' } },
          { success: 'end' },
        ),
        end(),
      ]),
    drive: async (api, token, runId) => {
      await waitForRun(api, token, runId, hasStatus('failed'));
      await expectOk(api.request('POST', `/api/runs/${runId}/retry`, { token }));
      await waitForRun(api, token, runId, (run) => run.status === 'failed' && run.steps.length === 3);
      await expectOk(api.request('POST', `/api/runs/${runId}/cancel`, { token }));
      await waitForRun(api, token, runId, hasStatus('cancelled'));
    },
  },
  {
    name: 'skip-strategy-and-role-steps',
    definition: ({ adminId }) =>
      definition(
        'skip strategy and roles',
        [
          start('grant'),
          step('grant', 'role_grant', { role: 'no-such-business-role', subject: adminId }, { success: 'revoke' }),
          step('revoke', 'role_revoke', { role: 'no-such-business-role', subject: adminId }, { success: 'end' }),
          end(),
        ],
        { onError: 'skip' },
      ),
    drive: completes,
  },
  {
    // A decision signal the database never confirmed (its transaction rolled back) arrives during
    // the escalation wait and is dropped; the decision recorded later settles the approval.
    name: 'approval-unconfirmed-signal-then-decided',
    recordedSince: 'af2341e',
    definition: ({ adminId, approverId }) =>
      definition('approval unconfirmed signal', [
        start('ask'),
        step(
          'ask',
          'approval',
          { approvers: [approverId], timeout: '2h', escalation: { after: '1h', addApprovers: [adminId] } },
          { approved: 'end', rejected: 'no', timeout: 'no' },
        ),
        end(),
        end('no'),
      ]),
    drive: async (api, token, runId, { approverToken }) => {
      const approval = await waitingItem(api, token, runId, '/api/approvals?all=true');
      const temporal = await connectSuiteTemporal();
      try {
        const workflowId = runWorkflowId(runId);
        await temporal.client.workflow
          .getHandle(workflowId)
          .signal(approvalDecidedSignal, { approvalId: approval.id, outcome: 'approved' });
        if (!(await localActivityRecorded(temporal.client, workflowId, 'confirmApprovalDecision')))
          throw new Error(`run ${runId} did not confirm the signal`);
      } finally {
        await temporal.close();
      }
      await expectOk(
        api.request('POST', `/api/approvals/${approval.id}/decide`, {
          token: approverToken,
          body: { decision: 'reject' },
        }),
      );
      await completes(api, token, runId);
    },
  },
  {
    name: 'waiting-approval-cancelled',
    definition: ({ adminId }) =>
      definition('cancelled while waiting', [
        start('ask'),
        step('ask', 'approval', { approvers: [adminId] }, { approved: 'end', rejected: 'end' }),
        end(),
      ]),
    drive: async (api, token, runId) => {
      await waitForRun(api, token, runId, hasStatus('waiting'));
      await expectOk(api.request('POST', `/api/runs/${runId}/cancel`, { token }));
      await waitForRun(api, token, runId, hasStatus('cancelled'));
    },
  },
];
