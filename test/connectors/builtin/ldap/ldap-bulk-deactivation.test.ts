import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import { createAccountReconciliationActivities } from '../../../../src/activities/account-reconciliation.js';
import { stepWorkActivities } from '../../../../src/activities/step-work.js';
import { adminSearch, peopleLdif, startDirectory } from '../../../support/ldap-connector.js';
import { useRunStack } from '../../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../../support/runs.js';
import { createUserWithToken } from '../../../support/users.js';
import { createActive, definition, end, start, step } from '../../../support/workflows.js';

// The account_reconciliation step against a real slapd: the entries no active Flowgate user holds
// are locked with disableAccount (ppolicy's pwdAccountLockedTime), read back with a client of the
// test's own.

// The real deactivation with slices of a millisecond: each call hands back after one account, so
// the step goes through the batch in as many calls as it has accounts, each resuming the last.
let deactivationCalls = 0;
const stack = useRunStack({
  env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' },
  activities: (real) => {
    const sliced = stepWorkActivities(
      createAccountReconciliationActivities({ db: stack.database.db, connectors: stack.api.connectors, sliceMs: 1 }),
      real.applyProjection,
    );
    return {
      ...real,
      deactivateAccounts: (input) => {
        deactivationCalls += 1;
        return sliced.deactivateAccounts(input);
      },
    };
  },
});
let admin: string;
let approver: { id: string; token: string };
let slapd: RunningSlapd;
let workflowId: string;

const call = (method: string, path: string, body?: unknown, token = admin) =>
  stack.api.request(method, path, { token, body });

/** The uids whose entries the directory holds locked. */
async function locked(): Promise<string[]> {
  const entries = await adminSearch(slapd, `ou=people,${slapd.baseDn}`, '(pwdAccountLockedTime=*)', ['uid']);
  return entries.map((entry) => String(entry.uid)).sort();
}

async function stepOutput(runId: string, id: string): Promise<any> {
  const response = await call('GET', `/api/runs/${runId}/steps`);
  return response.body.steps.filter((item: { stepId: string }) => item.stepId === id).at(-1).output;
}

async function approvedRun(): Promise<string> {
  const started = await call('POST', `/api/workflows/${workflowId}/start`, { variables: {} });
  expect(started.status).toBe(201);
  await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));
  expect(await locked()).toEqual([]);
  const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: started.body.id } });
  const decided = await call('POST', `/api/approvals/${approval.id}/decide`, { decision: 'approve' }, approver.token);
  expect(decided.status).toBe(200);
  const finished = await waitForRun(stack.api, admin, started.body.id, hasStatus('completed', 'failed'));
  expect(finished.status).toBe('completed');
  return started.body.id;
}

beforeAll(async () => {
  const { db } = stack.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  const approving = await createUserWithToken(db, ['admin']);
  approver = { id: approving.user.id, token: approving.token };
  let connection: Record<string, unknown>;
  ({ slapd, connection } = await startDirectory({ ldif: peopleLdif(4) }));
  const { bindPassword, ...config } = connection;
  const created = await call('POST', '/api/connectors', {
    name: 'directory',
    type: 'ldap',
    executionModel: 'built_in',
    config,
    secrets: { bindPassword },
  });
  expect(created.status).toBe(201);
  // user0 holds their entry, user1 leaves Flowgate with theirs; user2 and user3 belong to nobody.
  for (const n of [0, 1])
    await db.user.create({ data: { email: `user${n}@example.org`, activeEmail: `user${n}@example.org` } });
  const syncConfig = `/api/connectors/${created.body.id}/sync-config/user`;
  expect((await call('PUT', syncConfig, { syncAllUsers: true })).status).toBe(201);
  expect((await call('POST', `${syncConfig}/trigger`)).body.status).toBe('success');
  await db.user.update({ where: { activeEmail: 'user1@example.org' }, data: { active: false } });

  const reconcile = (id: string, config: Record<string, unknown>, next: string) =>
    step(id, 'account_reconciliation', { connector: 'directory', ...config }, { success: next });
  workflowId = (
    await createActive(
      stack.api,
      admin,
      definition(`ldap bulk deactivation ${Date.now()}`, [
        start('collect'),
        reconcile('collect', { action: 'collect' }, 'approve'),
        step(
          'approve',
          'approval',
          { approvers: [approver.id], message: '{{steps.collect.count}}: {{steps.collect.preview}}' },
          { approved: 'deactivate', rejected: 'end' },
        ),
        reconcile('deactivate', { action: 'deactivate', from: 'collect' }, 'end'),
        end(),
      ]),
    )
  ).id;
});

afterAll(async () => {
  await slapd?.stop();
});

describe('bulk deactivation of a directory’s orphan entries', () => {
  it('locks the orphans and the entry of the deactivated user after the approval, and only those', async () => {
    const runId = await approvedRun();
    expect(await stepOutput(runId, 'collect')).toMatchObject({
      count: 3,
      counts: { orphans: 2, activeAccountsOfInactiveUsers: 1 },
      names: ['user 2', 'user 3', 'user 1'],
    });
    expect(await stepOutput(runId, 'deactivate')).toMatchObject({ count: 3, deactivated: 3, failed: 0 });
    expect(await locked()).toEqual(['user1', 'user2', 'user3']);
    // One call per account: the call that does the last one finds none after it, and reports.
    expect(deactivationCalls).toBe(3);
  });

  it('changes nothing when run again', async () => {
    const before = await adminSearch(slapd, `ou=people,${slapd.baseDn}`, '(uid=*)', ['uid', 'modifyTimestamp']);
    const started = await call('POST', `/api/workflows/${workflowId}/start`, { variables: {} });
    await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: started.body.id } });
    await call('POST', `/api/approvals/${approval.id}/decide`, { decision: 'approve' }, approver.token);
    await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
    expect(await stepOutput(started.body.id, 'deactivate')).toMatchObject({
      count: 3,
      deactivated: 0,
      alreadyInactive: 3,
      failed: 0,
    });
    const after = await adminSearch(slapd, `ou=people,${slapd.baseDn}`, '(uid=*)', ['uid', 'modifyTimestamp']);
    expect(after).toEqual(before);
  });
});
