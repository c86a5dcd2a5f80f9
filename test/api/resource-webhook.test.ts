import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { generateSecretKey, parseSecretKey, sealSecrets } from '../../src/connectors/secret-box.js';
import { recordHash } from '../../src/services/sync/record-hash.js';
import { webhookSignature } from '../../src/services/sync/webhook-signature.js';
import { useTestApp } from '../support/app.js';
import { counted } from '../support/metrics.js';
import { connectorOnDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

async function connectorWithSecret() {
  const { connectorId } = await connectorOnDirectory(context.api, admin, 0);
  const rotated = await call('POST', `/api/connectors/${connectorId}/webhook-secret`);
  expect(rotated.status).toBe(201);
  return { connectorId, secret: rotated.body.secret as string };
}

interface Signing {
  secret: string;
  eventId?: string;
  /** Unix seconds; now by default. */
  timestamp?: number;
  signature?: string;
}

/** Sends `raw` (a JSON text, as is) to the connector's webhook, signed as a sender would sign it. */
function deliver(connectorId: string, raw: string, signing: Signing) {
  const eventId = signing.eventId ?? randomUUID();
  const timestamp = String(signing.timestamp ?? Math.floor(Date.now() / 1000));
  return context.api.request('POST', `/api/webhooks/${connectorId}`, {
    rawBody: raw,
    headers: {
      'content-type': 'application/json',
      'x-flowgate-timestamp': timestamp,
      'x-flowgate-event-id': eventId,
      'x-flowgate-signature':
        signing.signature ?? webhookSignature(signing.secret, timestamp, eventId, Buffer.from(raw)),
    },
  });
}

const send = (connectorId: string, event: unknown, signing: Signing) =>
  deliver(connectorId, JSON.stringify(event), signing);

const resources = async (connectorId: string) =>
  (await call('GET', `/api/connectors/${connectorId}/resources`)).body.data as Array<Record<string, unknown>>;

const audits = (action: string, connectorId: string) =>
  context.database.db.auditLog.findMany({ where: { action, targetId: connectorId }, orderBy: { createdAt: 'asc' } });

const alice = {
  displayName: 'Alice',
  email: 'alice@example.test',
  attributes: { department: 'Engineering', memberOf: ['g1'] },
};

describe('the webhook secret is set by rotation, shown once and stored sealed', () => {
  it('answers a new secret each time, stores neither in clear, and audits the rotation without it', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = await context.database.db.connector.findUniqueOrThrow({ where: { id: connectorId } });
    expect(row.webhookSecretSealed).toMatch(/^v1:/);
    expect(row.webhookSecretSealed).not.toContain(secret.slice(6));
    expect(row.webhookSecretRotatedAt).toBeInstanceOf(Date);
    const [audit] = await audits('connector.webhook_secret_rotated', connectorId);
    expect(JSON.stringify(audit)).not.toContain(secret);

    const second = await call('POST', `/api/connectors/${connectorId}/webhook-secret`);
    expect(second.body.secret).not.toBe(secret);
    const withOld = await send(
      connectorId,
      { action: 'created', resourceId: 'u1', resourceType: 'user', data: alice },
      { secret },
    );
    expect(withOld.status).toBe(401);
    const withNew = await send(
      connectorId,
      { action: 'created', resourceId: 'u1', resourceType: 'user', data: alice },
      { secret: second.body.secret },
    );
    expect(withNew.status).toBe(200);
  });

  it('is refused to callers without connector:manage and for unknown connectors', async () => {
    const viewer = (await createUserWithToken(context.database.db, ['requestor'])).token;
    const { connectorId } = await connectorOnDirectory(context.api, admin, 0);
    const forbidden = await context.api.request('POST', `/api/connectors/${connectorId}/webhook-secret`, {
      token: viewer,
    });
    expect(forbidden.status).toBe(403);
    const unknown = await call('POST', `/api/connectors/${randomUUID()}/webhook-secret`);
    expect(unknown.status).toBe(404);
  });
});

describe('created, updated and deleted events change the stored record', () => {
  it('upserts the record with the canonical sync hash, replaces it on update, and deletes it', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    const created = await send(
      connectorId,
      { action: 'created', resourceId: 'u1', resourceType: 'user', data: alice },
      { secret },
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      message: 'Applied: user u1 created',
      eventId: expect.any(String),
      alreadyApplied: false,
    });
    expect(await resources(connectorId)).toEqual([
      expect.objectContaining({
        resourceType: 'user',
        externalId: 'u1',
        ...alice,
        syncHash: recordHash({ externalId: 'u1', ...alice }),
        stale: false,
      }),
    ]);

    const changed = { ...alice, displayName: 'Alice Smith', email: null };
    const updated = await send(
      connectorId,
      { action: 'updated', resourceId: 'u1', resourceType: 'user', data: changed },
      { secret },
    );
    expect(updated.status).toBe(200);
    expect(await resources(connectorId)).toEqual([
      expect.objectContaining({
        externalId: 'u1',
        displayName: 'Alice Smith',
        email: null,
        syncHash: recordHash({ externalId: 'u1', ...changed }),
      }),
    ]);

    const deleted = await send(connectorId, { action: 'deleted', resourceId: 'u1', resourceType: 'user' }, { secret });
    expect(deleted.status).toBe(200);
    expect(await resources(connectorId)).toEqual([]);

    const accepted = await audits('webhook.accepted', connectorId);
    expect(accepted.map((entry) => entry.metadata)).toEqual([
      expect.objectContaining({ action: 'created', resourceType: 'user', resourceId: 'u1', outcome: 'added' }),
      expect.objectContaining({ action: 'updated', outcome: 'updated' }),
      expect.objectContaining({ action: 'deleted', outcome: 'deleted' }),
    ]);
    expect(JSON.stringify(accepted)).not.toContain('Alice');
    expect(JSON.stringify(accepted)).not.toContain(secret);
  });

  it("stores nothing, and starts nothing, for a record the sync config's filter rules leave out", async () => {
    const { connectorId, secret } = await connectorWithSecret();
    const configured = await call('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
      filterRules: { emailDomains: ['corp.example'] },
    });
    expect(configured.status).toBe(201);
    const outsider = await send(
      connectorId,
      { action: 'created', resourceId: 'u9', resourceType: 'user', data: { ...alice, email: 'x@other.example' } },
      { secret },
    );
    expect([outsider.status, outsider.body.message]).toEqual([
      200,
      'Not stored: the filter rules of the user sync config leave u9 out',
    ]);
    const insider = await send(
      connectorId,
      { action: 'created', resourceId: 'u8', resourceType: 'user', data: { ...alice, email: 'a@CORP.example' } },
      { secret },
    );
    expect(insider.status).toBe(200);
    expect((await resources(connectorId)).map((record) => record.externalId)).toEqual(['u8']);
    expect((await audits('webhook.accepted', connectorId)).map((entry) => entry.metadata)).toEqual([
      expect.objectContaining({ resourceId: 'u9', outcome: 'filtered_out' }),
      expect.objectContaining({ resourceId: 'u8', outcome: 'added' }),
    ]);
  });

  it('checks the signature over the exact bytes received, whatever their formatting', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    const raw = `{ "resourceType": "group",\n  "resourceId": "g1", "action": "created", "data": {"displayName": "Admins"} }`;
    const response = await deliver(connectorId, raw, { secret });
    expect(response.status).toBe(200);
    expect(await resources(connectorId)).toEqual([
      expect.objectContaining({ resourceType: 'group', externalId: 'g1' }),
    ]);
  });
});

describe('a delivery that is not authentic is refused with 401, changes nothing and is audited with its reason', () => {
  const event = { action: 'created', resourceId: 'u9', resourceType: 'user', data: alice };
  const raw = JSON.stringify(event);
  const now = () => Math.floor(Date.now() / 1000);

  const cases: Array<[string, (secret: string) => Signing, string]> = [
    ['an empty signature', (secret) => ({ secret, signature: '' }), 'The signature does not match'],
    ['a wrong secret', () => ({ secret: 'whsec_wrong' }), 'The signature does not match'],
    ['a timestamp 6 minutes old', (secret) => ({ secret, timestamp: now() - 360 }), 'outside the replay window'],
    ['a timestamp 6 minutes ahead', (secret) => ({ secret, timestamp: now() + 360 }), 'outside the replay window'],
    ['a malformed event id', (secret) => ({ secret, eventId: 'has space' }), 'x-flowgate-event-id'],
  ];

  it.each(cases)('refuses %s', async (_name, signing, reason) => {
    const { connectorId, secret } = await connectorWithSecret();
    const response = await deliver(connectorId, raw, signing(secret));
    expect(response.status).toBe(401);
    expect(response.body.message).toContain(reason);
    expect(await resources(connectorId)).toEqual([]);
    const [rejected] = await audits('webhook.rejected', connectorId);
    expect(rejected!.metadata).toMatchObject({ reason: expect.stringContaining(reason), status: 401 });
    expect(JSON.stringify(rejected)).not.toContain('Alice');
  });

  it('refuses a body changed after signing', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    const timestamp = now();
    const signature = webhookSignature(secret, String(timestamp), 'e1', Buffer.from(raw));
    const response = await deliver(connectorId, raw.replace('Alice', 'Mallory'), {
      secret,
      eventId: 'e1',
      timestamp,
      signature,
    });
    expect(response.status).toBe(401);
    expect(await resources(connectorId)).toEqual([]);
  });

  it('refuses every delivery while the connector has no webhook secret', async () => {
    const { connectorId } = await connectorOnDirectory(context.api, admin, 0);
    const response = await send(connectorId, event, { secret: 'anything' });
    expect(response.status).toBe(401);
    expect(response.body.message).toContain('has no webhook secret');
  });

  it('answers 401 without the signature header at all', async () => {
    const { connectorId } = await connectorWithSecret();
    const response = await context.api.request('POST', `/api/webhooks/${connectorId}`, { body: event });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('The x-flowgate-signature header is missing');
  });
});

describe('a secret the service cannot open', () => {
  it('answers 503, not 500, when the secret was sealed under another CONNECTOR_SECRET_KEY', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    await context.database.db.connector.update({
      where: { id: connectorId },
      data: { webhookSecretSealed: sealSecrets({ webhookSecret: secret }, parseSecretKey(generateSecretKey())) },
    });
    const response = await send(
      connectorId,
      { action: 'created', resourceId: 'u9', resourceType: 'user', data: alice },
      { secret },
    );
    expect(response.status).toBe(503);
    expect(response.body.message).toContain('cannot be decrypted with the configured CONNECTOR_SECRET_KEY');
    expect(await resources(connectorId)).toEqual([]);
  });
});

describe('a retried delivery (same event id) is applied once', () => {
  it('answers 200 "already applied" and leaves the record as later events made it', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    const delivered = (outcome: string) =>
      counted('flowgate_webhook_deliveries_total', { kind: 'resource_event', outcome });
    const before = { accepted: await delivered('accepted'), repeated: await delivered('repeated') };
    const first = { action: 'created', resourceId: 'u1', resourceType: 'user', data: alice };
    expect((await send(connectorId, first, { secret, eventId: 'evt-1' })).status).toBe(200);
    const later = {
      action: 'updated',
      resourceId: 'u1',
      resourceType: 'user',
      data: { ...alice, displayName: 'Later' },
    };
    expect((await send(connectorId, later, { secret, eventId: 'evt-2' })).status).toBe(200);

    const retried = await send(connectorId, first, { secret, eventId: 'evt-1' });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ message: 'Event already applied', eventId: 'evt-1', alreadyApplied: true });
    expect(await resources(connectorId)).toEqual([expect.objectContaining({ displayName: 'Later' })]);
    const accepted = await audits('webhook.accepted', connectorId);
    expect(accepted.at(-1)!.metadata).toMatchObject({ eventId: 'evt-1', outcome: 'already_applied' });
    expect([await delivered('accepted'), await delivered('repeated')]).toEqual([
      before.accepted + 2,
      before.repeated + 1,
    ]);
  });

  it('applies one of two concurrent deliveries of the same event id', async () => {
    const { connectorId, secret } = await connectorWithSecret();
    const event = { action: 'created', resourceId: 'u1', resourceType: 'user', data: alice };
    const responses = await Promise.all([
      send(connectorId, event, { secret, eventId: 'evt-same' }),
      send(connectorId, event, { secret, eventId: 'evt-same' }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(responses.map((response) => response.body.alreadyApplied).sort()).toEqual([false, true]);
  });
});

describe('bad input is refused with a clear 4xx and changes nothing', () => {
  let connectorId: string;
  let secret: string;

  beforeAll(async () => {
    ({ connectorId, secret } = await connectorWithSecret());
  });

  it.each([
    ['an unknown action', { action: 'moved', resourceId: 'u1', resourceType: 'user', data: alice }, 'action'],
    ['a missing resourceId', { action: 'created', resourceType: 'user', data: alice }, 'resourceId'],
    ['a data that is not an object', { action: 'created', resourceId: 'u1', resourceType: 'user', data: 'x' }, 'data'],
    [
      'a record without displayName',
      { action: 'created', resourceId: 'u1', resourceType: 'user', data: {} },
      'data.displayName',
    ],
    [
      'an unknown resource type',
      { action: 'created', resourceId: 'u1', resourceType: 'device', data: alice },
      'resourceType',
    ],
    ['an unknown field', { action: 'created', resourceId: 'u1', resourceType: 'user', data: alice, extra: 1 }, ''],
  ])('answers 400 to %s', async (_name, event, path) => {
    const response = await send(connectorId, event, { secret });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ location: 'body', path })]),
    );
    expect(await resources(connectorId)).toEqual([]);
  });

  it('answers 404 for an unknown connector and 400 for a connector id that is not a UUID', async () => {
    expect(
      (await send(randomUUID(), { action: 'deleted', resourceId: 'u1', resourceType: 'user' }, { secret })).status,
    ).toBe(404);
    expect(
      (await send('not-a-uuid', { action: 'deleted', resourceId: 'u1', resourceType: 'user' }, { secret })).status,
    ).toBe(400);
  });

  it('answers 413 to a body over the limit and 415 to a body that is not JSON', async () => {
    const big = { action: 'created', resourceId: 'u1', resourceType: 'user', data: { displayName: 'x'.repeat(5000) } };
    expect((await send(connectorId, big, { secret })).status).toBe(413);
    const text = await context.api.request('POST', `/api/webhooks/${connectorId}`, {
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await resources(connectorId)).toEqual([]);
  });
});
