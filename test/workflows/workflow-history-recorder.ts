import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { recordAudit } from '../../src/audit/index.js';
import { sealAuditEntries } from '../../src/audit/audit-chain.js';
import { auditSinkWorkflowId } from '../../src/domain/audit-sinks.js';
import { syncWorkflowId } from '../../src/domain/sync-pass.js';
import { startRsyslog } from '../../scripts/local/rsyslog.js';
import { accessReviewWorkflowId } from '../../src/temporal/access-review-messages.js';
import { connectSuiteTemporal } from '../support/app.js';
import { useRunStack } from '../support/run-stack.js';
import { stackValue } from '../support/stack.js';
import { connectorOnDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

// Not part of the suite (no .test.ts): records the histories that workflow-histories.test.ts
// replays. Run it with the workflow code whose executions should stay replayable:
//   npm test -- --testMatch '**/workflow-history-recorder.ts' test/workflows/workflow-history-recorder.ts
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });

/** Writes the history of `workflowId` to the fixtures, in the JSON form historyFromJSON reads. */
async function recordHistory(workflowId: string, file: string): Promise<void> {
  const { stdout } = await promisify(execFile)(
    path.join(homedir(), 'go/bin/temporal'),
    ['workflow', 'show', '--address', stackValue('temporalAddress'), '-w', workflowId, '-o', 'json'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  await writeFile(path.join(projectRoot(), 'test/fixtures/workflow-histories', file), stdout);
}

describe('records workflow histories', () => {
  it('a full sync pass of five users over three pages, with post-sync matching', async () => {
    const { token } = await createUserWithToken(stack.database.db, ['admin']);
    const { connectorId } = await connectorOnDirectory(stack.api, token, 5);
    const configPath = `/api/connectors/${connectorId}/sync-config/user`;
    await stack.api.request('PUT', configPath, { token, body: { syncAllUsers: true } });
    const passed = await stack.api.request('POST', `${configPath}/trigger`, { token });
    if (passed.status !== 200 || passed.body.status !== 'success') throw new Error(`pass failed: ${passed.text}`);
    await recordHistory(syncWorkflowId(connectorId, 'user'), 'sync-full-pass-three-pages.json');
  });

  it('an access review closed with two removals that waited for the go', async () => {
    const { db } = stack.database;
    const { token } = await createUserWithToken(db, ['admin']);
    const reviewer = await createUserWithToken(db, ['requestor']);
    const call = (method: string, url: string, body?: unknown, as = token) =>
      stack.api.request(method, url, { token: as, body });
    const group = await db.userGroup.create({ data: { name: 'Recorded group' } });
    for (const name of ['first', 'second']) {
      const user = await db.user.create({ data: { email: `${name}@example.test`, displayName: name } });
      await db.userGroupMember.create({ data: { groupId: group.id, userId: user.id } });
    }
    const created = await call('POST', '/api/access-reviews', {
      name: 'Recorded review',
      scope: { groups: ['Recorded group'] },
      reviewers: { type: 'users', userIds: [reviewer.user.id] },
      autoRemediate: false,
    });
    const id = created.body.id as string;
    expect((await call('POST', `/api/access-reviews/${id}/start`)).status).toBe(200);
    for (const item of await db.accessReviewItem.findMany({ where: { reviewId: id } })) {
      const url = `/api/access-reviews/${id}/items/${item.id}/decide`;
      expect((await call('POST', url, { decision: 'revoke', comment: 'Left' }, reviewer.token)).status).toBe(200);
    }
    expect((await call('POST', `/api/access-reviews/${id}/close`)).status).toBe(200);
    for (let tries = 0; (await db.accessReviewItem.count({ where: { remediationStatus: 'awaiting_go' } })) < 2;) {
      if ((tries += 1) > 100) throw new Error('the removals never waited for their go');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await call('POST', `/api/access-reviews/${id}/remediate`, {})).status).toBe(200);
    const temporal = await connectSuiteTemporal();
    await temporal.client.workflow.getHandle(accessReviewWorkflowId(id)).result();
    await temporal.close();
    await recordHistory(accessReviewWorkflowId(id), 'access-review-gated-removals.json');
  });

  it('an audit sink that failed while rsyslogd was down, delivered when it was back, and ended when disabled', async () => {
    const { db } = stack.database;
    const { token, user } = await createUserWithToken(db, ['admin']);
    const rsyslog = await startRsyslog();
    const sealing = setInterval(() => void sealAuditEntries(db).catch(() => undefined), 500);
    try {
      await rsyslog.pause();
      const created = await stack.api.request('POST', '/api/audit-sinks', {
        token,
        body: {
          name: 'Recorded sink',
          kind: 'syslog',
          config: {
            host: rsyslog.host,
            port: rsyslog.port,
            serverName: 'localhost',
            caCertificate: rsyslog.caCertificate,
          },
        },
      });
      const id = created.body.id as string;
      for (let index = 0; index < 5; index += 1)
        await recordAudit(db, { action: 'auth.login', actor: { type: 'user', userId: user.id } });
      for (let tries = 0; (await db.auditSink.findUniqueOrThrow({ where: { id } })).lastError === null;) {
        if ((tries += 1) > 100) throw new Error('the sink never failed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await rsyslog.start();
      for (let tries = 0; (await rsyslog.received()).length < 5;) {
        if ((tries += 1) > 300) throw new Error('the entries never arrived');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Disabled in the row only, so that the workflow ends by itself at its next batch.
      await db.auditSink.update({ where: { id }, data: { enabled: false } });
      const temporal = await connectSuiteTemporal();
      await temporal.client.workflow.getHandle(auditSinkWorkflowId(id)).result();
      await temporal.close();
      await recordHistory(auditSinkWorkflowId(id), 'audit-sink-down-then-delivered.json');
    } finally {
      clearInterval(sealing);
      await rsyslog.stop();
    }
  });
});
