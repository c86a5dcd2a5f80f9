import { recordAudit, type AuditActor } from '../../audit/index.js';
import type { DatabaseClient } from '../../db/client.js';
import { equalsIgnoringCase } from '../../domain/text-match.js';

/** The part after the last `@`, lower-cased; null for a missing or malformed email. */
export function emailDomainOf(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  const domain =
    at > 0
      ? email
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : '';
  return domain || null;
}

/**
 * Makes a new user a `member` of every active organization whose `domain` equals the email's
 * domain, case-insensitively. When several organizations match, the user joins all of them:
 * picking one would be arbitrary, and an extra membership is easy to remove. Call it in the
 * transaction that creates the user. Returns the ids of the organizations joined.
 */
export async function associateUserByEmailDomain(
  tx: DatabaseClient,
  user: { id: string; email: string | null },
  actor: AuditActor,
  requestId?: string,
): Promise<string[]> {
  const domain = emailDomainOf(user.email);
  if (!domain) return [];
  const organizations = await tx.organization.findMany({
    where: { deletedAt: null, domain: equalsIgnoringCase(domain) },
    select: { id: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  const joined: string[] = [];
  for (const organization of organizations) {
    // ON CONFLICT DO NOTHING: a unique violation would abort the caller's transaction.
    const { count } = await tx.organizationMembership.createMany({
      data: {
        organizationId: organization.id,
        userId: user.id,
        role: 'member',
        addedBy: actor.type === 'user' ? actor.userId : null,
      },
      skipDuplicates: true,
    });
    if (count === 0) continue;
    joined.push(organization.id);
    await recordAudit(tx, {
      action: 'organization.member_added',
      actor,
      target: { type: 'organization', id: organization.id },
      metadata: { userId: user.id, role: 'member', via: 'email_domain' },
      requestId,
    });
  }
  return joined;
}
