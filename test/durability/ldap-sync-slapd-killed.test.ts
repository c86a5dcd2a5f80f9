import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attribute, Change } from 'ldapts';
import { managerOf, userDn, userUid, writeDirectoryLdif } from '../../scripts/local/ldap-directory.js';
import { startSlapd, type RunningSlapd } from '../../scripts/local/slapd.js';
import { SYNC_PAGE_SIZE } from '../../src/activities/sync.js';
import { passProgressSchema } from '../../src/services/sync/sync-config-record.js';
import { asAdmin } from '../support/ldap-connector.js';
import { pollUntil } from '../support/poll.js';
import { useRunStack } from '../support/run-stack.js';
import { startStallingForwarder, type StallingForwarder } from '../support/stalling-forwarder.js';
import { createUserWithToken } from '../support/users.js';

// A real slapd killed (SIGKILL) in the middle of a full pass of an ldap connector, then started
// again on the same data. A pass stores pages of 5,000 records (SYNC_PAGE_SIZE), so the directory
// has three of them; the connector reaches slapd through a forwarder that slows each LDAP page
// down, so the kill lands mid-pass however fast the machine is.
const USERS = 12_000;
const PAGES = Math.ceil(USERS / SYNC_PAGE_SIZE);
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let folder: string;
let slapd: RunningSlapd;
let forwarder: StallingForwarder;
let token: string;
let connectorId: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'flowgate-ldap-killed-'));
  const ldifFile = path.join(folder, 'directory.ldif');
  await writeDirectoryLdif(ldifFile, { users: USERS, groups: 10, groupsPerUser: 2, baseDn: 'dc=example,dc=org' });
  slapd = await startSlapd({ ldifFile });
  forwarder = await startStallingForwarder(slapd.port);
  token = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const created = await call('POST', '/api/connectors', {
    name: 'openldap',
    type: 'ldap',
    config: {
      url: `ldap://127.0.0.1:${forwarder.port}`,
      flavour: 'openldap',
      bindDn: slapd.adminDn,
      baseDn: slapd.baseDn,
      userBaseDn: `ou=people,${slapd.baseDn}`,
      groupBaseDn: `ou=groups,${slapd.baseDn}`,
    },
    secrets: { bindPassword: slapd.adminPassword },
  });
  expect(created.status).toBe(201);
  connectorId = created.body.id;
  expect((await call('PUT', `/api/connectors/${connectorId}/sync-config/user`, { syncAllUsers: true })).status).toBe(
    201,
  );
}, 120_000);

afterAll(async () => {
  await forwarder?.close();
  await slapd?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const call = (method: string, route: string, body?: unknown) => stack.api.request(method, route, { token, body });
const trigger = () => call('POST', `/api/connectors/${connectorId}/sync-config/user/trigger`);
const records = () => stack.database.db.connectorResource.findMany({ where: { connectorId, resourceType: 'user' } });
const syncConfig = () =>
  stack.database.db.syncConfig.findFirstOrThrow({ where: { connectorId, resourceType: 'user' } });
const uidOf = (record: { attributes: unknown }) => (record.attributes as { username?: string }).username;

describe('slapd killed in the middle of a full pass', () => {
  it('syncs the whole directory on a first pass', async () => {
    const first = await trigger();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'success',
      stats: { added: USERS, totalUpstreamRecords: USERS, pagesProcessed: PAGES },
    });
  }, 120_000);

  it('ends the pass as error with its cursor, marking nothing stale, and the next trigger completes it', async () => {
    const deleted = userUid(7);
    const renamed = userUid(USERS - 10);
    const added = userUid(USERS + 1);
    const reportsOf7 = Array.from({ length: USERS }, (_, index) => index + 1).filter(
      (user) => managerOf(user) === 7,
    ).length;
    await asAdmin(slapd, async (client) => {
      await client.del(userDn(7, slapd.baseDn));
      await client.modify(
        userDn(USERS - 10, slapd.baseDn),
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'displayName', values: ['Renamed Person'] }),
        }),
      );
      await client.add(`uid=${added},ou=people,${slapd.baseDn}`, {
        objectClass: 'inetOrgPerson',
        uid: added,
        cn: 'Added Person',
        sn: 'Person',
        mail: `${added}@example.org`,
      });
    });

    // Each LDAP page of 500 entries now takes at least 200 ms, a stored page of 5,000 two seconds:
    // the kill comes while the second page is read.
    forwarder.delay(100);
    const interrupted = trigger();
    const committed = await pollUntil(
      async () => passProgressSchema.nullable().parse((await syncConfig()).passProgress)?.pagesProcessed ?? 0,
      (pages) => pages >= 1,
      { timeoutMs: 60_000, intervalMs: 20 },
    );
    expect(committed).toBeGreaterThanOrEqual(1);
    slapd.kill();
    const failed = await interrupted;
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('error');

    const afterFailure = await syncConfig();
    expect(afterFailure.lastSyncStatus).toBe('error');
    expect(afterFailure.lastSyncCursor).not.toBeNull();
    const progress = passProgressSchema.parse(afterFailure.passProgress);
    expect(progress.pagesProcessed).toBeGreaterThanOrEqual(1);
    expect(progress.pagesProcessed).toBeLessThan(PAGES);
    // The failed pass saw only part of the directory: the entry deleted upstream is not stale yet.
    expect((await records()).filter((record) => record.staleSince !== null)).toEqual([]);

    await slapd.restart();
    forwarder.delay(0);
    const completed = await trigger();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      status: 'success',
      // The pass's figures count each entry of the directory once across both attempts.
      // Besides the renamed entry, the reports of the deleted one changed: their manager is gone.
      stats: {
        added: 1,
        updated: 1 + reportsOf7,
        staled: 1,
        unchanged: USERS - 2 - reportsOf7,
        totalUpstreamRecords: USERS,
      },
    });
    const rows = await records();
    expect(rows).toHaveLength(USERS + 1);
    expect(new Set(rows.map((row) => row.externalId)).size).toBe(USERS + 1);
    expect(rows.filter((row) => row.staleSince !== null).map(uidOf)).toEqual([deleted]);
    expect(rows.find((row) => uidOf(row) === renamed)?.displayName).toBe('Renamed Person');
    expect(rows.find((row) => uidOf(row) === added)?.staleSince).toBeNull();
    expect((await syncConfig()).lastSyncCursor).toBeNull();
  }, 180_000);
});
