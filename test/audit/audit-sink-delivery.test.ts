import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { makeTestCertificates } from '../../scripts/local/test-certificates.js';
import { recordAudit } from '../../src/audit/index.js';
import { auditSinkWorkflowId } from '../../src/domain/audit-sinks.js';
import { connectSuiteTemporal } from '../support/app.js';
import { useAuditStream } from '../support/audit-stream.js';
import { pollUntil } from '../support/poll.js';
import { useRunStack } from '../support/run-stack.js';
import { createUserWithToken } from '../support/users.js';

// The audit stream against real receivers: Debian's rsyslogd over TLS (scripts/local/rsyslog.ts)
// and an HTTPS collector written here, which plays the customer's collector and checks each
// batch's signature as one would. The worker of this file runs the sinks' workflows; entries
// are sealed here every half second, as the service's worker seals them every five.
const METRICS_TOKEN = 'metrics-token-for-audit-sinks-0123456789';
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32', METRICS_TOKEN } });

const stream = useAuditStream(() => stack.database.db);

interface StreamedEvent {
  class_uid: number;
  category_uid: number;
  activity_id: number;
  type_uid: number;
  time: number;
  status_id: number;
  metadata: { uid: string; sequence: number; product: { name: string } };
  actor: { user?: { uid: string } };
  unmapped: { flowgate: { action: string; metadata: Record<string, unknown>; chain: { seq: string; hash: string } } };
}

const SECRET_WORD = 'hunter2-never-streamed';

/** Writes `count` audit entries of a few kinds, one carrying a password in its metadata. */
async function writeEntries(count: number, actorId: string, tag: string): Promise<void> {
  const actions = ['auth.login', 'user.created', 'workflow.updated', 'auth.login_failed'];
  for (let index = 0; index < count; index += 1) {
    await recordAudit(stack.database.db, {
      action: actions[index % actions.length]!,
      actor: { type: 'user', userId: actorId },
      target: { type: 'user', id: randomUUID() },
      metadata: { tag, index, ...(index === 0 ? { password: SECRET_WORD } : {}) },
    });
  }
}

/** The sealed entries after `cursor`, in chain order. */
async function sealedAfter(cursor: bigint) {
  return stack.database.db.auditLog.findMany({
    where: { chainSeq: { gt: cursor } },
    orderBy: { chainSeq: 'asc' },
  });
}

async function createSink(body: Record<string, unknown>) {
  const { token } = await createUserWithToken(stack.database.db, ['admin']);
  const created = await stack.api.request('POST', '/api/audit-sinks', { token, body });
  if (created.status !== 201) throw new Error(`sink not created: ${created.text}`);
  return { token, sink: created.body as { id: string; cursorSeq: string; secret?: string } };
}

describe('the audit trail streamed to syslog over TLS (RFC 5425) with Debian’s rsyslogd', () => {
  it('delivers every sealed entry once, in chain order, as RFC 5424 messages carrying OCSF events', async () => {
    const { db } = stack.database;
    const { user } = await createUserWithToken(db, ['admin']);
    const { token, sink } = await createSink({
      name: `rsyslog ${randomUUID().slice(0, 8)}`,
      kind: 'syslog',
      config: {
        host: stream.rsyslog().host,
        port: stream.rsyslog().port,
        serverName: 'localhost',
        caCertificate: stream.rsyslog().caCertificate,
      },
    });
    const tag = randomUUID();
    await writeEntries(40, user.id, tag);
    const start = BigInt(sink.cursorSeq);
    const expected = await pollUntil(
      () => sealedAfter(start),
      (entries) => entries.filter((entry) => (entry.metadata as { tag?: string }).tag === tag).length === 40,
    );
    const received = await pollUntil(
      () => stream.rsyslog().received(),
      (messages) => messages.length >= expected.length,
    );
    const events = received.map((message) => JSON.parse(message.msg) as StreamedEvent);
    expect(events.map((event) => event.metadata.uid)).toEqual(expected.map((entry) => entry.id));
    expect(events.map((event) => event.unmapped.flowgate.chain)).toEqual(
      expected.map((entry) => ({ seq: entry.chainSeq!.toString(), hash: entry.chainHash })),
    );
    for (const message of received) {
      expect(message).toEqual(
        expect.objectContaining({ appname: 'flowgate', msgid: 'audit', procid: '-', structured: '-' }),
      );
      expect(['110', '109']).toContain(message.pri);
    }
    const login = events.find((event) => event.unmapped.flowgate.action === 'auth.login')!;
    expect(login).toEqual(
      expect.objectContaining({ class_uid: 3002, category_uid: 3, activity_id: 1, type_uid: 300201, status_id: 1 }),
    );
    expect(login.actor.user!.uid).toBe(user.id);
    const failed = events.find((event) => event.unmapped.flowgate.action === 'auth.login_failed')!;
    expect(failed).toEqual(expect.objectContaining({ class_uid: 3002, status_id: 2 }));
    expect(received.find((message) => JSON.parse(message.msg).metadata.uid === failed.metadata.uid)!.pri).toBe('109');
    expect(events.find((event) => event.unmapped.flowgate.action === 'user.created')).toEqual(
      expect.objectContaining({ class_uid: 3001, activity_id: 1 }),
    );
    expect(events.find((event) => event.unmapped.flowgate.action === 'workflow.updated')).toEqual(
      expect.objectContaining({ class_uid: 6003, category_uid: 6, activity_id: 3 }),
    );
    const message = received.find((line) => line.msg.includes(tag))!;
    expect(new Date(message.timestamp).getTime()).toBe(JSON.parse(message.msg).time);
    expect(JSON.stringify(received)).not.toContain(SECRET_WORD);

    const view = await pollUntil(
      () => stack.api.request('GET', `/api/audit-sinks/${sink.id}`, { token }),
      (answer) => answer.body.cursorSeq === expected.at(-1)!.chainSeq!.toString(),
    );
    expect(view.body).toEqual(expect.objectContaining({ lastError: null, deliveredAt: expect.any(String) }));

    // The test delivery goes the same way, outside the chain. It is one connection, not retried
    // as the stream's batches are, and rsyslogd on a loaded machine now and then refuses one
    // handshake (ERR_SSL_WRONG_VERSION_NUMBER): a few tries, as a person would press it again.
    const tested = await pollUntil(
      async () => (await stack.api.request('POST', `/api/audit-sinks/${sink.id}/test`, { token })).body,
      (body) => body.delivered === true,
      { timeoutMs: 20_000 },
    );
    expect(tested).toEqual({ delivered: true, error: null });
    const withTest = await pollUntil(
      () => stream.rsyslog().received(),
      (messages) => messages.some((line) => line.msg.includes('audit_sink.tested')),
    );
    expect(withTest.some((line) => line.msg.includes('audit_sink.tested'))).toBe(true);
    expect((await db.auditSink.findUniqueOrThrow({ where: { id: sink.id } })).cursorSeq).toBe(
      expected.at(-1)!.chainSeq,
    );
  });

  it('keeps the entries written while rsyslogd is down and delivers all of them, once and in order, when it is back', async () => {
    const { db } = stack.database;
    const { user } = await createUserWithToken(db, ['admin']);
    const before = (await stream.rsyslog().received()).length;
    const { id: sinkId } = await db.auditSink.findFirstOrThrow({ where: { kind: 'syslog' } });
    const cursor = (await db.auditSink.findUniqueOrThrow({ where: { id: sinkId } })).cursorSeq;
    await stream.rsyslog().pause();
    const tag = randomUUID();
    await writeEntries(60, user.id, tag);
    const failing = await pollUntil(
      () => db.auditSink.findUniqueOrThrow({ where: { id: sinkId } }),
      (sink) => sink.lastError !== null,
    );
    expect(failing.lastError).toMatch(/syslog server 127\.0\.0\.1:\d+: ECONNREFUSED/);
    expect(failing.cursorSeq).toBe(cursor);
    const { token } = await createUserWithToken(db, ['admin']);
    const down = await stack.api.request('POST', `/api/audit-sinks/${sinkId}/test`, { token });
    expect(down.body).toEqual({ delivered: false, error: expect.stringMatching(/ECONNREFUSED/) });
    const scrape = await stack.api.request('GET', '/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.text).toMatch(/flowgate_audit_sink_backlog_entries\{sink="rsyslog [^"]+"\} [1-9]\d*/);
    expect(scrape.text).toMatch(/flowgate_audit_sink_lag_seconds\{sink="rsyslog [^"]+"\} [0-9.]+/);
    expect(scrape.text).toMatch(/flowgate_audit_sink_failures_total\{sink="rsyslog [^"]+"\} [1-9]/);
    expect(scrape.text).toMatch(/flowgate_audit_sink_deliveries_total\{sink="rsyslog [^"]+"\} [1-9]/);

    await stream.rsyslog().start();
    const expected = await sealedAfter(cursor);
    const received = await pollUntil(
      () => stream.rsyslog().received(),
      (messages) => messages.filter((line) => line.msg.includes(tag)).length === 60,
      { timeoutMs: 90_000 },
    );
    const after = received.slice(before).map((line) => JSON.parse(line.msg) as StreamedEvent);
    const ids = after.map((event) => event.metadata.uid);
    expect(ids.slice(0, expected.length)).toEqual(expected.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(ids.length);
    const settled = await pollUntil(
      () => db.auditSink.findUniqueOrThrow({ where: { id: sinkId } }),
      (sink) => sink.lastError === null,
    );
    expect(settled.failingSince).toBeNull();
  });
});

interface CollectorRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  verified: boolean;
}

/** The customer's collector: HTTPS with a certificate of a test CA, checking each batch's HMAC. */
async function startCollector(secret: () => string, answer: () => number) {
  const directory = await mkdtemp(path.join(tmpdir(), 'flowgate-collector-'));
  const caCertificate = makeTestCertificates(directory, { ips: ['127.0.0.1'], dnsNames: ['localhost'] });
  const requests: CollectorRequest[] = [];
  const server = https.createServer(
    {
      cert: await readFile(path.join(directory, 'server.pem')),
      key: await readFile(path.join(directory, 'server-key.pem')),
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const timestamp = String(request.headers['x-flowgate-timestamp']);
        const batchId = String(request.headers['x-flowgate-batch-id']);
        const expected = `sha256=${createHmac('sha256', secret()).update(`${timestamp}.${batchId}.`).update(body).digest('hex')}`;
        const given = String(request.headers['x-flowgate-signature']);
        const verified =
          given.length === expected.length &&
          timingSafeEqual(Buffer.from(given), Buffer.from(expected)) &&
          Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
        const status = verified ? answer() : 401;
        if (status === 200) requests.push({ headers: request.headers, body, verified });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'collector busy');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`,
    caCertificate,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describe('the audit trail streamed as signed HTTPS batches', () => {
  it('posts batches the collector verifies, retries while it refuses them, and stops when the sink is deleted', async () => {
    const { db } = stack.database;
    const { user } = await createUserWithToken(db, ['admin']);
    let secret = '';
    let status = 503;
    const collector = await startCollector(
      () => secret,
      () => status,
    );
    try {
      const { token, sink } = await createSink({
        name: `collector ${randomUUID().slice(0, 8)}`,
        kind: 'https',
        config: { url: collector.url, caCertificate: collector.caCertificate },
      });
      secret = sink.secret!;
      const tag = randomUUID();
      await writeEntries(30, user.id, tag);
      await pollUntil(
        () => db.auditSink.findUniqueOrThrow({ where: { id: sink.id } }),
        (row) => row.lastError !== null,
      );
      expect((await db.auditSink.findUniqueOrThrow({ where: { id: sink.id } })).lastError).toMatch(
        /answered 503: collector busy/,
      );
      status = 200;
      const batches = await pollUntil(
        async () =>
          collector.requests.map(
            (request) => JSON.parse(request.body.toString()) as { batchId: string; events: StreamedEvent[] },
          ),
        (all) =>
          all.flatMap((batch) => batch.events).filter((event) => JSON.stringify(event).includes(tag)).length === 30,
      );
      const events = batches.flatMap((batch) => batch.events);
      const expected = await sealedAfter(BigInt(sink.cursorSeq));
      expect(events.map((event) => event.metadata.uid).slice(0, expected.length)).toEqual(
        expected.map((entry) => entry.id),
      );
      expect(new Set(events.map((event) => event.metadata.uid)).size).toBe(events.length);
      for (const [index, request] of collector.requests.entries()) {
        expect(request.verified).toBe(true);
        expect(request.headers['x-flowgate-batch-id']).toBe(batches[index]!.batchId);
        expect(batches[index]!.batchId).toMatch(/^audit-\d+-\d+$/);
      }
      expect(collector.requests.map((request) => request.body.toString()).join('')).not.toContain(SECRET_WORD);
      expect(collector.requests.map((request) => request.body.toString()).join('')).not.toContain(secret);

      // Deleted, its workflow is stopped and nothing more is posted.
      expect((await stack.api.request('DELETE', `/api/audit-sinks/${sink.id}`, { token })).status).toBe(200);
      const temporal = await connectSuiteTemporal();
      try {
        const description = await temporal.client.workflow.getHandle(auditSinkWorkflowId(sink.id)).describe();
        expect(['TERMINATED', 'COMPLETED']).toContain(description.status.name);
      } finally {
        await temporal.close();
      }
      const posted = collector.requests.length;
      await writeEntries(3, user.id, randomUUID());
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(collector.requests.length).toBe(posted);
    } finally {
      await collector.close();
    }
  });
});
