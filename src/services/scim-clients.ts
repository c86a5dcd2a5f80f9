import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { actorOf, recordAudit } from '../audit/index.js';
import { isUniqueViolation, type Database } from '../db/client.js';
import type { ScimClient } from '../db/generated/client.js';
import { AppError, conflict, notFound } from '../errors/index.js';
import type { Caller } from './caller.js';
import { fetchPage, sortedById, type SortedPageQuery } from '../domain/pagination.js';

// Raw token: scim_<12 hex id>_<43 base64url secret>, the same construction as API tokens
// (src/services/api-tokens.ts) under a prefix of its own, so neither kind is ever taken for the other.
const TOKEN_PATTERN = /^(scim_[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const LAST_USED_GRANULARITY_MS = 60_000;

export const SCIM_TOKEN_PREFIX = 'scim_';

export function looksLikeScimToken(credential: string): boolean {
  return credential.startsWith(SCIM_TOKEN_PREFIX);
}

function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

function generateRawToken(): { raw: string; prefix: string } {
  const prefix = `${SCIM_TOKEN_PREFIX}${randomBytes(6).toString('hex')}`;
  return { raw: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/** What administrators see of a SCIM client: never its token or hash. */
export interface ScimClientView {
  id: string;
  name: string;
  tokenPrefix: string;
  enabled: boolean;
  createdBy: string | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function scimClientViewOf(client: ScimClient): ScimClientView {
  const { id, name, tokenPrefix, enabled, createdBy, lastUsedAt, createdAt, updatedAt } = client;
  return { id, name, tokenPrefix, enabled, createdBy, lastUsedAt, createdAt, updatedAt };
}

/** Creates a SCIM client; the raw token is in the result and nowhere else, ever. */
export async function createScimClient(
  db: Database,
  caller: Caller,
  input: { name: string },
): Promise<ScimClientView & { token: string }> {
  const { raw, prefix } = generateRawToken();
  const created = await db
    .$transaction(async (tx) => {
      const client = await tx.scimClient.create({
        data: { name: input.name, tokenPrefix: prefix, tokenHash: hashToken(raw), createdBy: caller.principal.userId },
      });
      await recordAudit(tx, {
        action: 'scim_client.created',
        actor: actorOf(caller.principal),
        target: { type: 'scim_client', id: client.id },
        metadata: { name: client.name, tokenPrefix: client.tokenPrefix },
        requestId: caller.requestId,
      });
      return client;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(`A SCIM client named "${input.name}" already exists`);
      throw error;
    });
  return { ...scimClientViewOf(created), token: raw };
}

/** Replaces a client's token; the old one stops working at once and the new one is shown once. */
export async function rotateScimClientToken(
  db: Database,
  caller: Caller,
  clientId: string,
): Promise<ScimClientView & { token: string }> {
  const { raw, prefix } = generateRawToken();
  const rotated = await db.$transaction(async (tx) => {
    const existing = await tx.scimClient.findUnique({ where: { id: clientId } });
    if (!existing) throw notFound('SCIM client');
    const client = await tx.scimClient.update({
      where: { id: clientId },
      data: { tokenPrefix: prefix, tokenHash: hashToken(raw) },
    });
    await recordAudit(tx, {
      action: 'scim_client.token_rotated',
      actor: actorOf(caller.principal),
      target: { type: 'scim_client', id: client.id },
      metadata: { name: client.name, fromTokenPrefix: existing.tokenPrefix, tokenPrefix: client.tokenPrefix },
      requestId: caller.requestId,
    });
    return client;
  });
  return { ...scimClientViewOf(rotated), token: raw };
}

export async function updateScimClient(
  db: Database,
  caller: Caller,
  clientId: string,
  input: { enabled: boolean },
): Promise<ScimClientView> {
  return db.$transaction(async (tx) => {
    const existing = await tx.scimClient.findUnique({ where: { id: clientId } });
    if (!existing) throw notFound('SCIM client');
    if (existing.enabled === input.enabled) return scimClientViewOf(existing);
    const client = await tx.scimClient.update({ where: { id: clientId }, data: { enabled: input.enabled } });
    await recordAudit(tx, {
      action: 'scim_client.updated',
      actor: actorOf(caller.principal),
      target: { type: 'scim_client', id: client.id },
      metadata: { name: client.name, enabled: { from: existing.enabled, to: client.enabled } },
      requestId: caller.requestId,
    });
    return scimClientViewOf(client);
  });
}

/**
 * Deletes a SCIM client; its token stops working at once. The users and groups it provisioned
 * stay, with their profiles, roles, memberships and audit history; what goes is the client's own
 * record of them (its SCIM identities and groups: external ids, userName, the resource as last
 * written), so another client may link them afterwards. How many of each went is audited.
 */
export async function deleteScimClient(
  db: Database,
  caller: Caller,
  clientId: string,
): Promise<{ id: string; name: string; users: number; groups: number }> {
  return db.$transaction(async (tx) => {
    // Locked first, so the counts are of the rows the deletion removes: a SCIM write adding an
    // identity or group to this client waits (its foreign key check) and then fails.
    const locked = await tx.$queryRaw<
      Array<{ name: string; token_prefix: string }>
    >`SELECT name, token_prefix FROM scim_clients WHERE id = ${clientId}::uuid FOR UPDATE`;
    const client = locked[0];
    if (!client) throw notFound('SCIM client');
    const [users, groups] = await Promise.all([
      tx.scimIdentity.count({ where: { clientId } }),
      tx.scimGroup.count({ where: { clientId } }),
    ]);
    await tx.scimClient.delete({ where: { id: clientId } });
    await recordAudit(tx, {
      action: 'scim_client.deleted',
      actor: actorOf(caller.principal),
      target: { type: 'scim_client', id: clientId },
      // Not `tokenPrefix`: an API token's caller puts its own token's prefix under that key.
      metadata: { name: client.name, clientTokenPrefix: client.token_prefix, users, groups },
      requestId: caller.requestId,
    });
    return { id: clientId, name: client.name, users, groups };
  });
}

/** The SCIM client as a SCIM request sees it. */
export interface ScimClientIdentity {
  id: string;
  name: string;
}

/** The enabled client behind a raw SCIM token, or an `unauthenticated` error. */
export async function authenticateScimClient(db: Database, raw: string): Promise<ScimClientIdentity> {
  const match = TOKEN_PATTERN.exec(raw);
  const client = match ? await db.scimClient.findUnique({ where: { tokenPrefix: match[1] } }) : null;
  if (!client || !hashesEqual(client.tokenHash, hashToken(raw))) {
    throw new AppError('unauthenticated', 'Invalid SCIM token');
  }
  if (!client.enabled) throw new AppError('unauthenticated', 'This SCIM client is disabled');
  const now = new Date();
  await db.scimClient.updateMany({
    where: {
      id: client.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_GRANULARITY_MS) } }],
    },
    data: { lastUsedAt: now },
  });
  return { id: client.id, name: client.name };
}

function hashesEqual(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

/** A page of SCIM clients (never their tokens). */
export function listScimClients(db: Database, query: SortedPageQuery) {
  return fetchPage(
    query,
    async (window) => (await db.scimClient.findMany({ orderBy: sortedById(query), ...window })).map(scimClientViewOf),
    () => db.scimClient.count(),
  );
}
