import type { DatabaseClient } from '../../db/client.js';
import type { User } from '../../db/generated/client.js';
import { equalsIgnoringCase } from '../../domain/text-match.js';
import { emailDomainOf } from '../organizations/domain-association.js';

/**
 * What people have given an existing account, each as a phrase for the SCIM error: a SCIM client
 * adopts (links) only an account nobody has given anything to, since adopting hands it the account
 * with everything on it (docs/scim.md, "Lifecycle rules"). Entitlements are provisioned through
 * business roles, so the roles stand for them. The `member` role an organization gives every
 * account of its email domain is no gift: a new account at that address would have it too.
 * Call it with the account's row locked against inserts that reference it (FOR UPDATE).
 */
export async function whatAccountHolds(tx: DatabaseClient, user: User): Promise<string[]> {
  const domain = emailDomainOf(user.email);
  const idWithoutHyphens = user.id.replace(/-/g, '');
  const email = user.email?.trim().toLowerCase() ?? null;
  const [roles, groups, organizations, runs] = await Promise.all([
    tx.roleAssignment.count({ where: { userId: user.id } }),
    tx.userGroupMember.count({ where: { userId: user.id } }),
    tx.organizationMembership.count({
      where: {
        userId: user.id,
        NOT: domain === null ? undefined : { role: 'member', organization: { domain: equalsIgnoringCase(domain) } },
      },
    }),
    // A run's subject is the text its starter gave: the user id in any form, or the email.
    tx.$queryRaw<Array<{ found: number }>>`
      SELECT 1 AS found FROM workflow_runs
      WHERE started_by = ${user.id}::uuid OR initiated_by = ${user.id}::uuid
        OR lower(btrim(subject)) = ${email}
        OR replace(btrim(lower(btrim(subject)), '{}'), '-', '') = ${idWithoutHyphens}
      LIMIT 1`,
  ]);
  return [
    roles > 0 ? 'business roles' : undefined,
    groups > 0 ? 'group memberships' : undefined,
    organizations > 0 ? 'organization roles' : undefined,
    runs.length > 0 ? 'workflow runs started by or for it' : undefined,
  ].filter((phrase): phrase is string => phrase !== undefined);
}
