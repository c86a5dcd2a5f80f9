import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import type { LdapHandler } from '../../../../src/connectors/builtin/ldap/index.js';
import type { ConnectorResult } from '../../../../src/connectors/handler.js';
import { adminSearch, callLdap, ldapHandler, peopleLdif, startDirectory } from '../../../support/ldap-connector.js';
import { startStallingForwarder, type StallingForwarder } from '../../../support/stalling-forwarder.js';

// The reading ahead of a sync pass's session, against a real slapd reached through a forwarder
// that can stall like a dead network path: a session holds a bounded number of entries, closing it
// while a page is on its way does not wait for the server, and a failure of the reading ahead is
// the next call's stable code, after which the cursor resumes the pass.
const USERS = 40;
// Pages of 5 LDAP entries, and sessions that stop reading once they hold 10 entries.
const LDAP_PAGE = 5;
const READ_AHEAD = 10;
let slapd: RunningSlapd;
let forwarder: StallingForwarder;
let connection: Record<string, unknown>;
let log = '';
let allIds: string[];

beforeAll(async () => {
  ({ slapd, connection } = await startDirectory({
    ldif: peopleLdif(USERS),
    logLevel: 'stats',
    log: (line) => (log += line),
  }));
  forwarder = await startStallingForwarder(slapd.port);
  connection = { ...connection, url: `ldap://127.0.0.1:${forwarder.port}`, pageSize: LDAP_PAGE };
  allIds = (await adminSearch(slapd, `ou=people,${slapd.baseDn}`, '(uid=*)', ['entryUUID'])).map((entry) =>
    String(entry.entryUUID).toLowerCase(),
  );
  expect(allIds).toHaveLength(USERS);
});

afterAll(async () => {
  await forwarder?.close();
  await slapd?.stop();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const list = (handler: LdapHandler, parameters: Record<string, unknown>) =>
  callLdap(handler, connection, 'listUsers', parameters);
const idsOf = (result: ConnectorResult) => result.payload!.resources.map((resource) => resource.externalId);
/** The entries slapd has sent for searches, from its `stats` log. */
const entriesSent = () =>
  [...log.matchAll(/ SEARCH RESULT .*nentries=(\d+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);

describe('a session reads ahead in the background', () => {
  it('holds at most about its read-ahead, not the whole directory', async () => {
    const handler = ldapHandler({ readAheadEntries: READ_AHEAD });
    try {
      await settle();
      const before = entriesSent();
      const first = await list(handler, { pageSize: 5 });
      expect(idsOf(first)).toHaveLength(5);
      await settle();
      // Five given and ten held: three LDAP pages, though 40 entries match.
      expect(entriesSent() - before).toBe(15);

      // The rest of the pass comes whole and once, the reading ahead keeping up page by page.
      const ids = idsOf(first);
      let cursor = first.payload!.nextCursor;
      while (cursor) {
        const next = await list(handler, { pageSize: 5, cursor });
        expect(next).toMatchObject({ success: true });
        ids.push(...idsOf(next));
        cursor = next.payload!.nextCursor;
      }
      expect(ids.sort()).toEqual([...allIds].sort());
    } finally {
      await handler.close();
    }
  });

  it('closes a session whose next page is on its way without waiting for the server', async () => {
    const handler = ldapHandler({ readAheadEntries: READ_AHEAD });
    try {
      const first = await list(handler, { pageSize: 10 });
      expect(idsOf(first)).toHaveLength(10);
      await settle();
      forwarder.stall();
      // Given from what was read ahead; the page read next goes into the black hole.
      const second = await list(handler, { pageSize: 10, cursor: first.payload!.nextCursor });
      expect(idsOf(second)).toHaveLength(10);
      const started = performance.now();
      await handler.close();
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      forwarder.resume();
      await handler.close();
    }
  });

  it('ends a call that waits for the reading ahead when the handler closes', async () => {
    const handler = ldapHandler({ readAheadEntries: READ_AHEAD });
    try {
      const first = await list(handler, { pageSize: 10 });
      await settle();
      forwarder.stall();
      // Ten entries are held; the call wants twenty, so it waits for a page that never comes.
      const waiting = list(handler, { pageSize: 20, cursor: first.payload!.nextCursor });
      await settle();
      await handler.close();
      expect(await waiting).toMatchObject({ success: false, code: 'unavailable', retryable: true });
    } finally {
      forwarder.resume();
      await handler.close();
    }
  });

  it('answers a failure of the reading ahead as the next call’s stable code, and the cursor resumes the pass', async () => {
    const handler = ldapHandler({ readAheadEntries: READ_AHEAD });
    try {
      const first = await list(handler, { pageSize: 10 });
      await settle();
      forwarder.stall();
      const second = await list(handler, { pageSize: 10, cursor: first.payload!.nextCursor });
      expect(idsOf(second)).toHaveLength(10);
      // The page on its way is cut off by the crash.
      slapd.kill();
      await settle();
      forwarder.resume();
      const failed = await list(handler, { pageSize: 10, cursor: second.payload!.nextCursor });
      expect(failed).toMatchObject({ success: false, code: 'unavailable', retryable: true });

      await slapd.restart();
      const ids = [...idsOf(first), ...idsOf(second)];
      let cursor = second.payload!.nextCursor;
      while (cursor) {
        const next = await list(handler, { pageSize: 10, cursor });
        expect(next).toMatchObject({ success: true });
        ids.push(...idsOf(next));
        cursor = next.payload!.nextCursor;
      }
      expect(ids).toHaveLength(USERS);
      expect(new Set(ids)).toEqual(new Set(allIds));
    } finally {
      forwarder.resume();
      await handler.close();
    }
  });
});
