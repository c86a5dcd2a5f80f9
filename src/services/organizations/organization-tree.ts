import { Prisma, type DatabaseClient } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors/index.js';

/**
 * Serialises parent changes: two concurrent updates (A under B, B under A) could each pass the
 * cycle check against the other's uncommitted state. The lock lasts until the transaction ends.
 */
async function lockOrganizationTree(tx: DatabaseClient): Promise<void> {
  await tx.$queryRaw(
    Prisma.sql`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('organizations.parent_id'))) AS locked`,
  );
}

/**
 * Checks a proposed parent: it must exist and be active (400), must not be the organization
 * itself (409), and must not have the organization among its ancestors (409, naming the chain).
 * Pass `organization` null for a new organization, which has no descendants yet.
 */
export async function assertParentAllowed(
  tx: DatabaseClient,
  organization: { id: string; name: string } | null,
  parentId: string,
): Promise<void> {
  if (organization && parentId === organization.id) {
    throw conflict(`An organization cannot be its own parent: ${organization.name} → ${organization.name}`, {
      cycle: [organization.name, organization.name],
    });
  }
  if (organization) await lockOrganizationTree(tx);
  const parent = await tx.organization.findUnique({
    where: { id: parentId },
    select: { id: true, name: true, parentId: true, deletedAt: true },
  });
  if (!parent || parent.deletedAt) {
    throw validationFailed(`Parent organization ${parentId} does not exist or is deleted`, { parentId });
  }
  if (!organization) return;

  const chain = [organization.name, parent.name];
  const visited = new Set([parent.id]);
  let next = parent.parentId;
  while (next && !visited.has(next)) {
    if (next === organization.id) {
      chain.push(organization.name);
      throw conflict(`Setting the parent would create a cycle: ${chain.join(' → ')}`, { cycle: chain });
    }
    visited.add(next);
    const ancestor = await tx.organization.findUnique({ where: { id: next }, select: { name: true, parentId: true } });
    if (!ancestor) break;
    chain.push(ancestor.name);
    next = ancestor.parentId;
  }
}

/** Direct active children of an organization, `[{ id, name }]` by name. */
export async function listChildren(
  db: DatabaseClient,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Array<{ id: string; name: string }>> {
  const organization = await db.organization.findUnique({ where: { id }, select: { deletedAt: true } });
  if (!organization || (organization.deletedAt && !options.includeDeleted)) throw notFound('Organization');
  return db.organization.findMany({
    where: { parentId: id, deletedAt: null },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
