import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client as TemporalClient } from '@temporalio/client';
import { Attribute, Change, Client } from 'ldapts';
import type { Database } from '../../src/db/client.js';
import { syncWorkflowId, type SyncPassResult } from '../../src/domain/sync-pass.js';
import { passProgressSchema } from '../../src/services/sync/sync-config-record.js';
import { managerOf, userDn, userUid, writeDirectoryLdif } from '../local/ldap-directory.js';
import { startSlapd, type RunningSlapd } from '../local/slapd.js';
import type { ApiClient } from './api-client.js';

/**
 * The slapd-killed scenario's sync side: an `ldap` connector on a real slapd, a first full pass,
 * a few changes upstream, then slapd SIGKILLed in the middle of the second pass and started again
 * on the same data. The promises checked: the interrupted pass ends as `error` with its cursor,
 * it marks nothing stale, and the next pass completes it with each entry counted once, none lost.
 */

export interface LdapPassDeps {
  api: ApiClient;
  db: Database;
  temporal: TemporalClient;
  taskQueue: string;
  log: (line: string) => void;
}

export interface LdapPassOutcome {
  notes: string[];
  /** Broken promises, each a sentence. */
  problems: string[];
}

const PAGE_SIZE = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function slapdKilledMidPass(deps: LdapPassDeps, users: number): Promise<LdapPassOutcome> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-faults-ldap-'));
  const ldifFile = path.join(folder, 'directory.ldif');
  await writeDirectoryLdif(ldifFile, { users, groups: 20, groupsPerUser: 2, baseDn: 'dc=example,dc=org' });
  const slapd = await startSlapd({ ldifFile });
  try {
    return await interruptedPass(deps, slapd, users);
  } finally {
    await slapd.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

async function interruptedPass(deps: LdapPassDeps, slapd: RunningSlapd, users: number): Promise<LdapPassOutcome> {
  const { api, db, log } = deps;
  const notes: string[] = [];
  const problems: string[] = [];
  const expect = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const created = await api.request('POST', '/api/connectors', {
    name: 'openldap-faults',
    type: 'ldap',
    config: {
      url: slapd.url,
      flavour: 'openldap',
      bindDn: slapd.adminDn,
      baseDn: slapd.baseDn,
      userBaseDn: `ou=people,${slapd.baseDn}`,
      groupBaseDn: `ou=groups,${slapd.baseDn}`,
      pageSize: PAGE_SIZE,
    },
    secrets: { bindPassword: slapd.adminPassword },
  });
  if (created.status !== 201)
    throw new Error(`creating the ldap connector: ${created.status} ${JSON.stringify(created.body)}`);
  const connectorId = created.body.id as string;
  const configured = await api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
    syncAllUsers: true,
  });
  if (configured.status !== 201) throw new Error(`configuring the user sync: ${configured.status}`);

  // Through Temporal, as the config's schedule starts it: an API trigger would wait longer than the suite's hang limit.
  const startPass = () =>
    deps.temporal.workflow.start('syncResourcesWorkflow', {
      workflowId: syncWorkflowId(connectorId, 'user'),
      taskQueue: deps.taskQueue,
      args: [{ connectorId, resourceType: 'user' }],
    });
  const config = () => db.syncConfig.findFirstOrThrow({ where: { connectorId, resourceType: 'user' } });
  const records = () =>
    db.connectorResource.findMany({
      where: { connectorId, resourceType: 'user' },
      select: { externalId: true, displayName: true, staleSince: true, attributes: true },
    });

  const first = (await (await startPass()).result()) as SyncPassResult;
  if (first.outcome !== 'success' || first.stats.added !== users)
    throw new Error(`the first full pass did not sync the directory: ${JSON.stringify(first)}`);
  const pages = first.stats.pagesProcessed;
  notes.push(`first full pass: ${users} users in ${pages} pages, ${first.stats.durationMs} ms`);
  log(notes.at(-1)!);

  const deleted = userUid(7);
  const renamed = userUid(users - 10);
  const added = userUid(users + 1);
  await changeDirectory(slapd, users, added);
  // The reports of the deleted entry change too: their manager no longer resolves.
  const reports = Array.from({ length: users }, (_, index) => index + 1).filter((user) => managerOf(user) === 7).length;

  // The kill lands after a random number of committed pages, before the last one.
  const killAfter = 1 + Math.floor(Math.random() * Math.max(1, pages - 2));
  const second = await startPass();
  const committed = async () => passProgressSchema.nullable().parse((await config()).passProgress)?.pagesProcessed ?? 0;
  let seen = 0;
  while ((seen = await committed()) < killAfter) await pause(10);
  slapd.kill();
  const killedAt = Date.now();
  log(`slapd SIGKILLed after ${seen} committed pages of ${pages}`);
  const interrupted = (await second.result()) as SyncPassResult;
  const failedConfig = await config();
  const progress = passProgressSchema.nullable().parse(failedConfig.passProgress);
  const staleAfterFailure = (await records()).filter((record) => record.staleSince !== null).length;
  notes.push(
    `slapd killed after ${seen} of ${pages} pages were committed; the pass ended as ${interrupted.outcome} ` +
      `${Date.now() - killedAt} ms later (${interrupted.message}), cursor kept: ${failedConfig.lastSyncCursor !== null}, ` +
      `${progress?.pagesProcessed ?? 0} pages committed, ${staleAfterFailure} records marked stale`,
  );
  log(notes.at(-1)!);
  expect(interrupted.outcome === 'error', `the interrupted pass ended as ${interrupted.outcome}, not error`);
  expect(failedConfig.lastSyncStatus === 'error', `the config's status is ${failedConfig.lastSyncStatus}, not error`);
  expect(failedConfig.lastSyncCursor !== null, 'the failed pass lost its cursor');
  expect(progress !== null && progress.pagesProcessed < pages, 'the failed pass has no progress to continue from');
  expect(staleAfterFailure === 0, `the failed pass marked ${staleAfterFailure} records stale`);

  await pause(2_000 + Math.random() * 3_000);
  await slapd.restart();
  const resumedAt = Date.now();
  const completed = (await (await startPass()).result()) as SyncPassResult;
  const rows = await records();
  const uidOf = (row: (typeof rows)[number]) => (row.attributes as { username?: unknown }).username;
  const stale = rows.filter((row) => row.staleSince !== null).map(uidOf);
  notes.push(
    `slapd restarted; the next pass ended as ${completed.outcome} in ${Date.now() - resumedAt} ms: ` +
      `${JSON.stringify(completed.stats)}`,
  );
  log(notes.at(-1)!);
  expect(
    completed.outcome === 'success',
    `the pass after the restart ended as ${completed.outcome}: ${completed.message}`,
  );
  const { stats } = completed;
  expect(
    stats.totalUpstreamRecords === users,
    `the completed pass counted ${stats.totalUpstreamRecords} upstream records, not ${users} (duplicates or losses)`,
  );
  expect(
    stats.added === 1 && stats.updated === 1 + reports && stats.staled === 1 && stats.unchanged === users - 2 - reports,
    `the completed pass's counts are wrong: ${JSON.stringify(stats)}`,
  );
  expect(rows.length === users + 1, `${rows.length} user records stored, not ${users + 1}`);
  expect(
    stale.length === 1 && stale[0] === deleted,
    `stale after the completed pass: ${JSON.stringify(stale)}, not [${deleted}]`,
  );
  expect(
    rows.find((row) => uidOf(row) === renamed)?.displayName === 'Renamed Person',
    `the change to ${renamed} was lost`,
  );
  expect(
    rows.some((row) => uidOf(row) === added && row.staleSince === null),
    `the entry ${added} added upstream was lost`,
  );
  return { notes, problems };
}

/** Deletes user 7, renames user `users - 10` and adds user `users + 1`, as the administrator. */
async function changeDirectory(slapd: RunningSlapd, users: number, added: string): Promise<void> {
  const client = new Client({ url: slapd.url });
  try {
    await client.bind(slapd.adminDn, slapd.adminPassword);
    await client.del(userDn(7, slapd.baseDn));
    await client.modify(
      userDn(users - 10, slapd.baseDn),
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
  } finally {
    await client.unbind();
  }
}
