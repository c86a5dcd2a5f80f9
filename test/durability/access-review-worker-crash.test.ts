import { describe, expect, it } from '@jest/globals';
import { useScimCrashStack } from '../support/scim-crash-stack.js';
import { createUserWithToken } from '../support/users.js';

// A campaign whose worker is killed in the middle of its removals: the real worker entry point in a
// child process, the accounts in scim2-server behind a proxy of the test that holds one
// deactivation and never answers it.

const PEOPLE = ['ava', 'ben', 'cyd', 'dee', 'eve'];
const { context, workers, server, proxy, scim } = useScimCrashStack();

describe("a campaign's removals survive their worker being killed", () => {
  it('resume on a new worker, deactivating each account once and recording each removal once', async () => {
    const { db } = context.database;
    const admin = await createUserWithToken(db, ['admin']);
    const reviewer = await createUserWithToken(db, ['requestor']);
    const call = (method: string, path: string, body?: unknown) =>
      context.api.request(method, path, { token: admin.token, body });
    const ids: string[] = [];
    for (const name of PEOPLE) {
      const email = `${name}@acme.test`;
      const created = await scim('/Users', {
        method: 'POST',
        body: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: email,
          displayName: name,
          emails: [{ value: email, primary: true }],
        },
      });
      ids.push(created.id);
      await db.user.create({ data: { email, activeEmail: email, displayName: name } });
    }
    const connector = await call('POST', '/api/connectors', {
      name: 'app',
      type: 'scim',
      config: { baseUrl: proxy().url, authentication: 'bearer' },
      secrets: { bearerToken: server().token },
    });
    expect(connector.status).toBe(201);
    const first = await workers.start();
    const syncConfig = `/api/connectors/${connector.body.id}/sync-config/user`;
    expect((await call('PUT', syncConfig, { syncAllUsers: true })).status).toBe(201);
    expect((await call('POST', `${syncConfig}/trigger`)).body.status).toBe('success');
    expect(await db.syncMatch.count({ where: { connectorId: connector.body.id, matchStatus: 'matched' } })).toBe(5);

    const created = await call('POST', '/api/access-reviews', {
      name: 'App accounts',
      scope: { connectorAccounts: [{ connectorId: connector.body.id }] },
      reviewers: { type: 'users', userIds: [reviewer.user.id] },
      whenUnanswered: 'revoke',
    });
    const id = created.body.id as string;
    expect((await call('POST', `/api/access-reviews/${id}/start`)).status).toBe(200);
    const held = proxy().holdWrite(3);
    expect((await call('POST', `/api/access-reviews/${id}/close`)).status).toBe(200);
    await held;
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    proxy().release();

    // The removal whose write is held waits; others of the people removed at once may be recorded,
    // or cut off between their write and its record.
    const accountOf = async (item: { accessRef: string }) =>
      (await db.connectorResource.findUniqueOrThrow({ where: { id: item.accessRef } })).externalId;
    const atKill = await db.accessReviewItem.findMany({ where: { reviewId: id } });
    const recordedAtKill = await Promise.all(
      atKill.filter((item) => item.remediationStatus === 'remediated').map(accountOf),
    );
    expect(atKill.filter((item) => item.remediationStatus === 'pending').length).toBeGreaterThanOrEqual(1);

    await workers.start();
    const deadline = Date.now() + 90_000;
    while ((await call('GET', `/api/access-reviews/${id}`)).body.status !== 'closed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect((await call('GET', `/api/access-reviews/${id}`)).body).toMatchObject({
      status: 'closed',
      progress: { total: 5, revoked: 5, remediated: 5, failed: 0 },
    });
    // The removals recorded before the kill were not carried out again: their accounts were written
    // once. One cut off between its write and its record wrote again, the same deactivation.
    const base = new URL(server().baseUrl).pathname;
    const writesTo = (scimId: string) => proxy().forwarded.filter((path) => path === `${base}/Users/${scimId}`).length;
    for (const scimId of recordedAtKill) expect(writesTo(scimId)).toBe(1);
    for (const scimId of ids) expect(writesTo(scimId)).toBeGreaterThanOrEqual(1);
    expect(proxy().forwarded.length).toBeLessThanOrEqual(ids.length + 3);
    for (const scimId of ids) expect((await scim(`/Users/${scimId}`)).active).toBe(false);
    const remediated = await db.auditLog.groupBy({
      by: ['targetId'],
      where: { action: 'access_review.item_remediated' },
      _count: { _all: true },
    });
    expect(remediated).toHaveLength(5);
    expect(remediated.every((entry) => entry._count._all === 1)).toBe(true);
  }, 240_000);
});
