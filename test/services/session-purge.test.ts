import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectTemporalClient } from '../../src/temporal/client.js';
import {
  AUDIT_RETENTION_SCHEDULE_ID,
  ensureSystemSchedules,
  EXPIRE_ROLES_SCHEDULE_ID,
  PURGE_SESSIONS_SCHEDULE_ID,
  RESYNC_ROLES_SCHEDULE_ID,
} from '../../src/services/schedules/system-schedules.js';
import { requestRoleResync } from '../../src/services/access/role-resync.js';
import { createSession } from '../../src/services/sessions.js';
import { useRunStack } from '../support/run-stack.js';
import { connectSuiteTemporal } from '../support/app.js';
import { pollUntil } from '../support/poll.js';
import { createUserWithToken } from '../support/users.js';

const stack = useRunStack();
let temporal: Awaited<ReturnType<typeof connectTemporalClient>>;

beforeAll(async () => {
  temporal = await connectSuiteTemporal();
});

const SYSTEM_SCHEDULES = [
  PURGE_SESSIONS_SCHEDULE_ID,
  EXPIRE_ROLES_SCHEDULE_ID,
  RESYNC_ROLES_SCHEDULE_ID,
  AUDIT_RETENTION_SCHEDULE_ID,
];

async function deleteSystemSchedules() {
  for (const id of SYSTEM_SCHEDULES) {
    await temporal.client.schedule
      .getHandle(id)
      .delete()
      .catch(() => undefined);
  }
}

afterAll(async () => {
  await deleteSystemSchedules();
  await temporal.close();
});

/**
 * Deletes the housekeeping schedules and creates them on this file's task queue, answering which
 * it created. The suite shares one Temporal server, and API processes started by other test files
 * create them too (on their own task queues): start from none again should one of them create
 * one between the deletes and the creation.
 */
async function createSystemSchedulesAnew(): Promise<string[]> {
  let created: string[] = [];
  for (let attempt = 0; attempt < 5 && created.length < SYSTEM_SCHEDULES.length; attempt += 1) {
    await deleteSystemSchedules();
    created = await ensureSystemSchedules(temporal.client, stack.taskQueue);
  }
  return created;
}

describe('expired sessions are purged by a Temporal schedule', () => {
  it('creates the housekeeping schedules once, and the session purge deletes expired sessions, logins and sign-in links only', async () => {
    const { db } = stack.database;
    const user = await db.user.create({ data: { email: 'purge@example.test', roles: ['requestor'] } });
    const tokens = { accessToken: 'access' };
    const long = Date.now() - 25 * 60 * 60 * 1000;
    const expired = await createSession(db, { userId: user.id, tokens, now: new Date(long) });
    const live = await createSession(db, { userId: user.id, tokens });
    await db.loginAttempt.createMany({
      data: [
        { stateHash: 'old', nonce: 'n', codeVerifier: 'v', returnTo: '/', expiresAt: new Date(Date.now() - 1000) },
        { stateHash: 'new', nonce: 'n', codeVerifier: 'v', returnTo: '/', expiresAt: new Date(Date.now() + 60_000) },
      ],
    });
    await db.signInLink.createMany({
      data: [
        { tokenHash: 'old-link', userId: user.id, expiresAt: new Date(Date.now() - 1000) },
        { tokenHash: 'new-link', userId: user.id, expiresAt: new Date(Date.now() + 60_000) },
      ],
    });

    expect(await createSystemSchedulesAnew()).toEqual(SYSTEM_SCHEDULES);
    // A second API process starting finds them there.
    expect(await ensureSystemSchedules(temporal.client, stack.taskQueue)).toEqual([]);
    const expiry = await temporal.client.schedule.getHandle(EXPIRE_ROLES_SCHEDULE_ID).describe();
    expect(expiry.action).toEqual(
      expect.objectContaining({ workflowType: 'expireRoleAssignmentsWorkflow', taskQueue: stack.taskQueue }),
    );
    const resync = await temporal.client.schedule.getHandle(RESYNC_ROLES_SCHEDULE_ID).describe();
    expect(resync.action).toEqual(
      expect.objectContaining({ workflowType: 'resyncRoleHoldersWorkflow', taskQueue: stack.taskQueue }),
    );
    expect(resync.policies.overlap).toBe('BUFFER_ONE');
    const handle = temporal.client.schedule.getHandle(PURGE_SESSIONS_SCHEDULE_ID);
    const description = await handle.describe();
    expect(description.action).toEqual(
      expect.objectContaining({ workflowType: 'purgeExpiredSessionsWorkflow', taskQueue: stack.taskQueue }),
    );

    await handle.trigger();
    expect(
      await pollUntil(
        () => db.session.count({ where: { id: expired.session.id } }),
        (count) => count === 0,
      ),
    ).toBe(0);
    expect(await db.session.count({ where: { id: live.session.id } })).toBe(1);
    expect((await db.loginAttempt.findMany()).map((attempt) => attempt.stateHash)).toEqual(['new']);
    expect((await db.signInLink.findMany()).map((link) => link.tokenHash)).toEqual(['new-link']);
  });
});

describe('an edit of a business role asks for the resync of its holders at once', () => {
  it('triggers the resync schedule, which starts a sweep; without the schedule it says so rather than failing', async () => {
    await deleteSystemSchedules();
    expect(await requestRoleResync(temporal.client)).toBe(false);

    expect(await createSystemSchedulesAnew()).toEqual(SYSTEM_SCHEDULES);
    const handle = temporal.client.schedule.getHandle(RESYNC_ROLES_SCHEDULE_ID);
    expect(await requestRoleResync(temporal.client)).toBe(true);
    const [action] = await pollUntil(
      async () => (await handle.describe()).info.recentActions,
      (actions) => actions.length > 0,
    );
    const started = action?.action.workflow.workflowId;
    expect(started).toBeDefined();
    // Nothing in this file's database is out of line with its role.
    expect(await temporal.client.workflow.getHandle(started!).result()).toEqual({ resynced: 0, failed: 0 });
  });

  it('is asked for by an import with a roles section too', async () => {
    expect(await createSystemSchedulesAnew()).toEqual(SYSTEM_SCHEDULES);
    const handle = temporal.client.schedule.getHandle(RESYNC_ROLES_SCHEDULE_ID);
    const { token } = await createUserWithToken(stack.database.db, ['admin']);
    const firings = async () => (await handle.describe()).info.recentActions.length;
    const document = {
      version: '1',
      exportedAt: new Date().toISOString(),
      exportedBy: 'test',
      entities: { roles: [{ name: 'Imported role', entitlements: [] }] },
    };
    expect((await stack.api.request('POST', '/api/config/import', { token, body: document })).status).toBe(200);
    // At least once: API processes of other test files editing roles trigger this shared schedule too.
    expect(await pollUntil(firings, (count) => count > 0)).toBeGreaterThanOrEqual(1);
  });
});
