import type { Database } from '../../db/client.js';
import { notFound, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';

/** What has an owner: the reviewer of its holders' access in campaigns whose reviewers are `owner`. */
export type Owned = 'business_role' | 'entitlement';

/**
 * Sets or clears the owner of a business role or an entitlement: an active user (400 otherwise).
 * Audited as `<kind>.owner_changed` with the owner before and after. Owners are people of this
 * installation, not configuration: exports leave them out.
 */
export async function setOwner(db: Database, caller: Caller, kind: Owned, id: string, ownerId: string | null) {
  await db.$transaction(async (tx) => {
    if (ownerId !== null) {
      const owner = await tx.user.count({ where: { id: ownerId, active: true, deletedAt: null } });
      if (owner === 0) throw validationFailed(`ownerId: no active user with id ${ownerId}`, { field: 'ownerId' });
    }
    const query = { where: { id }, select: { ownerId: true } };
    const before =
      kind === 'business_role' ? await tx.businessRole.findUnique(query) : await tx.entitlement.findUnique(query);
    if (!before) throw notFound(kind === 'business_role' ? 'Business role' : 'Entitlement');
    const change = { where: { id }, data: { ownerId } };
    if (kind === 'business_role') await tx.businessRole.update(change);
    else await tx.entitlement.update(change);
    await auditChange(tx, caller, `${kind}.owner_changed`, { type: kind, id }, { from: before.ownerId, to: ownerId });
  });
}
