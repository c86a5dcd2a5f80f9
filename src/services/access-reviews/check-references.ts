import type { DatabaseClient } from '../../db/client.js';
import type { AccessReviewInput, Reviewers, ReviewScope } from '../../domain/access-review.js';
import { validationFailed } from '../../errors/index.js';

/** The scope with every name turned into the id it names today (`all` stays `all`). */
export interface ResolvedScope {
  businessRoleIds: string[] | 'all';
  entitlementIds: string[] | 'all';
  groupIds: string[] | 'all';
  organizationIds: string[] | 'all';
  connectorAccounts: ReviewScope['connectorAccounts'];
  people: ReviewScope['people'];
}

/** The first stage's reviewers with the business role of `role_holders` resolved to its id. */
export type ResolvedReviewers = Reviewers & { roleId: string | null };

export interface ResolvedReview {
  scope: ResolvedScope;
  reviewers: ResolvedReviewers;
  /** The reviewers of each later stage, in order. */
  laterStages: ResolvedReviewers[];
}

function refuseMissing(field: string, what: string, wanted: readonly string[], found: ReadonlySet<string>) {
  const missing = wanted.filter((name) => !found.has(name));
  if (missing.length === 0) return;
  throw validationFailed(`${field}: no ${what} ${missing.map((name) => JSON.stringify(name)).join(', ')}`, {
    field,
    missing,
  });
}

type NameLookup = (names: string[]) => Promise<Array<{ id: string; name: string }>>;

async function idsOfNames(field: string, what: string, names: string[] | 'all', lookup: NameLookup) {
  if (names === 'all' || names.length === 0) return names;
  const rows = await lookup(names);
  refuseMissing(field, `${what} named`, names, new Set(rows.map((row) => row.name)));
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((name) => byName.get(name)!);
}

async function checkUsers(db: DatabaseClient, field: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const rows = await db.user.findMany({
    where: { id: { in: [...ids] }, deletedAt: null, active: true },
    select: { id: true },
  });
  refuseMissing(field, 'active user with id', ids, new Set(rows.map((row) => row.id)));
}

async function resolveReviewers(db: DatabaseClient, field: string, reviewers: Reviewers): Promise<ResolvedReviewers> {
  await checkUsers(db, `${field}.userIds`, reviewers.userIds);
  await checkUsers(db, `${field}.fallbackUserIds`, reviewers.fallbackUserIds);
  if (reviewers.type !== 'role_holders' || reviewers.role === null) return { ...reviewers, roleId: null };
  const role = await db.businessRole.findUnique({ where: { name: reviewers.role }, select: { id: true } });
  if (!role) refuseMissing(`${field}.role`, 'business role named', [reviewers.role], new Set());
  return { ...reviewers, roleId: role!.id };
}

/**
 * Checks that everything a campaign names exists (400 naming the field otherwise) and resolves
 * the names of its scope. Called when a campaign is saved and again when it starts, since a name
 * may have changed in between.
 */
export async function resolveReview(db: DatabaseClient, input: AccessReviewInput): Promise<ResolvedReview> {
  const { scope } = input;
  const businessRoleIds = await idsOfNames('scope.businessRoles', 'business role', scope.businessRoles, (names) =>
    db.businessRole.findMany({ where: { name: { in: names } }, select: { id: true, name: true } }),
  );
  const entitlementIds = await idsOfNames('scope.entitlements', 'entitlement', scope.entitlements, (names) =>
    db.entitlement.findMany({ where: { name: { in: names } }, select: { id: true, name: true } }),
  );
  const groupIds = await idsOfNames('scope.groups', 'group', scope.groups, (names) =>
    db.userGroup.findMany({ where: { name: { in: names } }, select: { id: true, name: true } }),
  );
  const organizationIds = await idsOfNames('scope.organizations', 'organization', scope.organizations, (names) =>
    db.organization.findMany({
      where: { activeName: { in: names } },
      select: { id: true, name: true },
    }),
  );
  const connectorIds = [...new Set(scope.connectorAccounts.map((account) => account.connectorId))];
  if (connectorIds.length > 0) {
    const connectors = await db.connector.findMany({ where: { id: { in: connectorIds } }, select: { id: true } });
    refuseMissing('scope.connectorAccounts', 'connector with id', connectorIds, new Set(connectors.map((c) => c.id)));
  }
  const { organizationId, groupId } = scope.people;
  if (organizationId !== null) {
    const found = await db.organization.count({ where: { id: organizationId, deletedAt: null } });
    if (found === 0) refuseMissing('scope.people.organizationId', 'organization with id', [organizationId], new Set());
  }
  if (groupId !== null && (await db.userGroup.count({ where: { id: groupId } })) === 0) {
    refuseMissing('scope.people.groupId', 'group with id', [groupId], new Set());
  }
  const reviewers = await resolveReviewers(db, 'reviewers', input.reviewers);
  const laterStages: ResolvedReviewers[] = [];
  for (const [index, stage] of (input.stages ?? []).entries()) {
    laterStages.push(await resolveReviewers(db, `stages[${index}].reviewers`, stage.reviewers));
  }
  await checkUsers(db, 'escalateToUserIds', input.escalateToUserIds);
  return {
    scope: {
      businessRoleIds,
      entitlementIds,
      groupIds,
      organizationIds,
      connectorAccounts: scope.connectorAccounts,
      people: scope.people,
    },
    reviewers,
    laterStages,
  };
}
