import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { actorOf, recordAudit } from '../audit/index.js';
import { isUniqueViolation, type Database, type DatabaseClient } from '../db/client.js';
import type { ApiToken, Prisma } from '../db/generated/client.js';
import { fetchPage, sortedById, type Page, type PageQuery } from '../domain/pagination.js';
import { AppError, conflict, notFound, validationFailed } from '../errors/index.js';
import { assertCan, can, isRole, permissionsOfRoles, type Permission, type Principal } from '../permissions/index.js';

// Raw token: fgt_<12 hex id>_<43 base64url secret>. The `fgt_<id>` prefix is stored in clear to
// find the row and shown in listings and audit; the whole token is stored only as a SHA-256 hash
// (a fast hash is right here: the secret has 256 bits of entropy, so there is nothing to brute-force).
const TOKEN_PATTERN = /^(fgt_[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const LAST_USED_GRANULARITY_MS = 60_000;

export const API_TOKEN_PREFIX = 'fgt_';

export function looksLikeApiToken(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

function generateRawToken(): { raw: string; prefix: string } {
  const prefix = `${API_TOKEN_PREFIX}${randomBytes(6).toString('hex')}`;
  return { raw: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/** What callers see of a token: never its secret or hash. */
export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  userId: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** The token this one was minted with; null when it was minted with a login or by the system. */
  parentId: string | null;
}

function viewOf(token: ApiToken): ApiTokenView {
  const { id, name, prefix, permissions, userId, createdAt, expiresAt, lastUsedAt, revokedAt, parentId } = token;
  return { id, name, prefix, permissions, userId, createdAt, expiresAt, lastUsedAt, revokedAt, parentId };
}

export interface CreateApiTokenInput {
  name: string;
  permissions: Permission[];
  expiresAt?: Date;
}

/**
 * Creates a token for `owner`; the raw value is in the result and nowhere else, ever. A token
 * minted with a token becomes its child: it never outlives its parent (an `expiresAt` later than
 * the parent's is refused, none means the parent's) and is revoked with it.
 */
export async function createApiToken(
  db: Database,
  input: CreateApiTokenInput & { ownerId: string; createdBy: Principal | 'system'; requestId?: string },
): Promise<ApiTokenView & { token: string }> {
  if (input.createdBy !== 'system') {
    const beyond = input.permissions.filter((permission) => !can(input.createdBy as Principal, permission));
    if (beyond.length > 0) {
      throw new AppError('forbidden', `A token cannot carry permissions its creator lacks: ${beyond.join(', ')}`, {
        details: { permissions: beyond },
      });
    }
  }
  const parentId = input.createdBy === 'system' ? undefined : input.createdBy.apiToken?.id;
  const { raw, prefix } = generateRawToken();
  const writeTokenAndAudit = db.$transaction(async (tx) => {
    const expiresAt = parentId ? await childExpiry(tx, parentId, input.expiresAt) : input.expiresAt;
    const token = await tx.apiToken.create({
      data: {
        name: input.name,
        prefix,
        secretHash: hashToken(raw),
        permissions: [...new Set(input.permissions)],
        userId: input.ownerId,
        expiresAt,
        parentId,
      },
    });
    await recordAudit(tx, {
      action: 'api_token.created',
      actor: input.createdBy === 'system' ? { type: 'system' } : actorOf(input.createdBy),
      target: { type: 'api_token', id: token.id },
      metadata: {
        name: token.name,
        prefix: token.prefix,
        permissions: token.permissions,
        ownerId: input.ownerId,
        parentId: token.parentId,
        expiresAt: token.expiresAt,
      },
      requestId: input.requestId,
    });
    return token;
  });
  const created = await writeTokenAndAudit.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(`A token named "${input.name}" already exists for this user`);
    throw error;
  });
  return { ...viewOf(created), token: raw };
}

/**
 * The expiry of a child of `parentId`. The parent's row stays share-locked until the child is
 * committed, so a concurrent revocation of the parent either sees the child or is seen here.
 */
async function childExpiry(tx: DatabaseClient, parentId: string, requested: Date | undefined): Promise<Date | null> {
  await tx.$queryRaw`SELECT id FROM api_tokens WHERE id = ${parentId}::uuid FOR SHARE`;
  const parent = await tx.apiToken.findUniqueOrThrow({ where: { id: parentId } });
  if (parent.revokedAt) throw new AppError('unauthenticated', 'API token has been revoked');
  if (!parent.expiresAt) return requested ?? null;
  if (requested && requested > parent.expiresAt) {
    throw validationFailed(
      `expiresAt must not be later than the expiry of the token creating it (${parent.expiresAt.toISOString()})`,
      { expiresAt: parent.expiresAt },
    );
  }
  return requested ?? parent.expiresAt;
}

export interface ApiTokenListQuery extends PageQuery {
  sortBy: 'createdAt' | 'name' | 'lastUsedAt';
  sortOrder: 'asc' | 'desc';
  /** Every user's tokens; needs `user:manage`. */
  all?: boolean;
  includeRevoked?: boolean;
}

/** The caller's tokens, or everyone's for holders of `user:manage`; never secrets or hashes. */
export function listApiTokens(
  db: Database,
  principal: Principal,
  query: ApiTokenListQuery,
): Promise<Page<ApiTokenView>> {
  if (query.all) assertCan(principal, 'user:manage');
  const where: Prisma.ApiTokenWhereInput = {
    ...(query.all ? {} : { userId: principal.userId }),
    ...(query.includeRevoked ? {} : { revokedAt: null }),
  };
  return fetchPage(
    query,
    async (window) => (await db.apiToken.findMany({ where, orderBy: sortedById(query), ...window })).map(viewOf),
    () => db.apiToken.count({ where }),
  );
}

/**
 * Revokes a token of the caller's own, or any token for holders of `user:manage`, and with it
 * every token minted from it, its children's children included, in one transaction.
 */
export async function revokeApiToken(
  db: Database,
  principal: Principal,
  tokenId: string,
  requestId?: string,
): Promise<ApiTokenView> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM api_tokens WHERE id = ${tokenId}::uuid FOR UPDATE`;
    const token = await tx.apiToken.findUnique({ where: { id: tokenId } });
    if (!token || (token.userId !== principal.userId && !can(principal, 'user:manage'))) {
      throw notFound('API token');
    }
    if (token.revokedAt) return viewOf(token);
    const revokedAt = new Date();
    const revoked = await tx.apiToken.update({ where: { id: tokenId }, data: { revokedAt } });
    const descendants = await revokeDescendants(tx, tokenId, revokedAt);
    // One entry per revoked token: the root says how many it took along, each descendant names it.
    const entries = [
      {
        id: token.id,
        name: token.name,
        prefix: token.prefix,
        ownerId: token.userId,
        link: { descendantsRevoked: descendants.length },
      },
      ...descendants.map((descendant) => ({
        id: descendant.id,
        name: descendant.name,
        prefix: descendant.prefix,
        ownerId: descendant.user_id,
        link: { revokedWith: token.id },
      })),
    ];
    const actor = actorOf(principal);
    for (const entry of entries) {
      await recordAudit(tx, {
        action: 'api_token.revoked',
        actor,
        target: { type: 'api_token', id: entry.id },
        metadata: { name: entry.name, prefix: entry.prefix, ownerId: entry.ownerId, ...entry.link },
        requestId,
      });
    }
    return viewOf(revoked);
  });
}

interface RevokedDescendant {
  id: string;
  name: string;
  prefix: string;
  user_id: string;
}

/**
 * Revokes every live descendant of `rootId`. A child committed by a concurrent creation while a
 * pass ran is invisible to that pass's snapshot, so passes repeat until one finds nothing; a
 * creation that starts later finds its parent revoked (it share-locks the parent first).
 */
async function revokeDescendants(tx: DatabaseClient, rootId: string, revokedAt: Date): Promise<RevokedDescendant[]> {
  const revoked: RevokedDescendant[] = [];
  for (;;) {
    const pass = await tx.$queryRaw<RevokedDescendant[]>`
      WITH RECURSIVE descendants AS (
        SELECT id FROM api_tokens WHERE parent_id = ${rootId}::uuid
        UNION
        SELECT child.id FROM api_tokens child JOIN descendants ON child.parent_id = descendants.id
      )
      UPDATE api_tokens SET revoked_at = ${revokedAt}
      WHERE id IN (SELECT id FROM descendants) AND revoked_at IS NULL
      RETURNING id::text, name, prefix, user_id::text`;
    if (pass.length === 0) return revoked;
    revoked.push(...pass);
  }
}

/**
 * The principal behind a raw API token, or an `unauthenticated` error. The token's permissions
 * are intersected with its owner's current roles, so a demoted owner's tokens shrink with them.
 */
export async function authenticateApiToken(db: Database, raw: string): Promise<Principal> {
  const match = TOKEN_PATTERN.exec(raw);
  const token = match ? await db.apiToken.findUnique({ where: { prefix: match[1] }, include: { user: true } }) : null;
  if (!token || !hashesEqual(token.secretHash, hashToken(raw))) {
    throw new AppError('unauthenticated', 'Invalid API token');
  }
  const now = new Date();
  if (token.revokedAt) throw new AppError('unauthenticated', 'API token has been revoked');
  if (token.expiresAt && token.expiresAt <= now) throw new AppError('unauthenticated', 'API token has expired');
  const { user } = token;
  if (!user.active || user.deletedAt) throw new AppError('unauthenticated', 'The user of this API token is inactive');

  // Only a token last seen longer ago than the granularity costs a write (most requests: none).
  const staleBefore = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  if (!token.lastUsedAt || token.lastUsedAt < staleBefore) {
    await db.apiToken.updateMany({
      where: { id: token.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
      data: { lastUsedAt: now },
    });
  }

  const ownerPermissions = permissionsOfRoles(user.roles);
  return {
    userId: user.id,
    email: user.email,
    roles: user.roles.filter(isRole),
    permissions: new Set(token.permissions.filter((p): p is Permission => ownerPermissions.has(p as Permission))),
    via: 'api_token',
    apiToken: { id: token.id, name: token.name, prefix: token.prefix },
  };
}

function hashesEqual(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}
