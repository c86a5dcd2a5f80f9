import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { actorOf, recordAudit } from '../audit/index.js';
import { isUniqueViolation, type Database } from '../db/client.js';
import type { ApiToken } from '../db/generated/client.js';
import { AppError, conflict, notFound } from '../errors/index.js';
import { can, isRole, permissionsOfRoles, type Permission, type Principal } from '../permissions/index.js';

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
}

export function viewOf(token: ApiToken): ApiTokenView {
  const { id, name, prefix, permissions, userId, createdAt, expiresAt, lastUsedAt, revokedAt } = token;
  return { id, name, prefix, permissions, userId, createdAt, expiresAt, lastUsedAt, revokedAt };
}

export interface CreateApiTokenInput {
  name: string;
  permissions: Permission[];
  expiresAt?: Date;
}

/** Creates a token for `owner`; the raw value is in the result and nowhere else, ever. */
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
  const { raw, prefix } = generateRawToken();
  const writeTokenAndAudit = db.$transaction(async (tx) => {
    const token = await tx.apiToken.create({
      data: {
        name: input.name,
        prefix,
        secretHash: hashToken(raw),
        permissions: [...new Set(input.permissions)],
        userId: input.ownerId,
        expiresAt: input.expiresAt,
      },
    });
    await recordAudit(tx, {
      action: 'api_token.created',
      actor: input.createdBy === 'system' ? { type: 'system' } : actorOf(input.createdBy),
      target: { type: 'api_token', id: token.id },
      metadata: { name: token.name, prefix: token.prefix, permissions: token.permissions, ownerId: input.ownerId },
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

/** Revokes a token of the caller's own, or any token for holders of `user:manage`. */
export async function revokeApiToken(
  db: Database,
  principal: Principal,
  tokenId: string,
  requestId?: string,
): Promise<ApiTokenView> {
  return db.$transaction(async (tx) => {
    const token = await tx.apiToken.findUnique({ where: { id: tokenId } });
    if (!token || (token.userId !== principal.userId && !can(principal, 'user:manage'))) {
      throw notFound('API token');
    }
    if (token.revokedAt) return viewOf(token);
    const revoked = await tx.apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() } });
    await recordAudit(tx, {
      action: 'api_token.revoked',
      actor: actorOf(principal),
      target: { type: 'api_token', id: token.id },
      metadata: { name: token.name, prefix: token.prefix, ownerId: token.userId },
      requestId,
    });
    return viewOf(revoked);
  });
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

  await db.apiToken.updateMany({
    where: {
      id: token.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_GRANULARITY_MS) } }],
    },
    data: { lastUsedAt: now },
  });

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
