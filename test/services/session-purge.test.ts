import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectTemporalClient } from '../../src/temporal/client.js';
import {
  ensureSystemSchedules,
  EXPIRE_ROLES_SCHEDULE_ID,
  PURGE_SESSIONS_SCHEDULE_ID,
} from '../../src/services/schedules/system-schedules.js';
import { createSession } from '../../src/services/sessions.js';
import { useRunStack } from '../support/run-stack.js';
import { connectSuiteTemporal } from '../support/app.js';

const stack = useRunStack();
let temporal: Awaited<ReturnType<typeof connectTemporalClient>>;

beforeAll(async () => {
  temporal = await connectSuiteTemporal();
});

const SYSTEM_SCHEDULES = [PURGE_SESSIONS_SCHEDULE_ID, EXPIRE_ROLES_SCHEDULE_ID];

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

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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

    // The suite shares one Temporal server, and API processes started by other test files create
    // the schedules too (on their own task queues): start from none, again should one of them
    // create one between the deletes and the creation.
    let created: string[] = [];
    for (let attempt = 0; attempt < 5 && created.length < SYSTEM_SCHEDULES.length; attempt += 1) {
      await deleteSystemSchedules();
      created = await ensureSystemSchedules(temporal.client, stack.taskQueue);
    }
    expect(created).toEqual(SYSTEM_SCHEDULES);
    // A second API process starting finds them there.
    expect(await ensureSystemSchedules(temporal.client, stack.taskQueue)).toEqual([]);
    const expiry = await temporal.client.schedule.getHandle(EXPIRE_ROLES_SCHEDULE_ID).describe();
    expect(expiry.action).toEqual(
      expect.objectContaining({ workflowType: 'expireRoleAssignmentsWorkflow', taskQueue: stack.taskQueue }),
    );
    const handle = temporal.client.schedule.getHandle(PURGE_SESSIONS_SCHEDULE_ID);
    const description = await handle.describe();
    expect(description.action).toEqual(
      expect.objectContaining({ workflowType: 'purgeExpiredSessionsWorkflow', taskQueue: stack.taskQueue }),
    );

    await handle.trigger();
    await waitFor(async () => (await db.session.count({ where: { id: expired.session.id } })) === 0);
    expect(await db.session.count({ where: { id: live.session.id } })).toBe(1);
    expect((await db.loginAttempt.findMany()).map((attempt) => attempt.stateHash)).toEqual(['new']);
    expect((await db.signInLink.findMany()).map((link) => link.tokenHash)).toEqual(['new-link']);
  });
});
