import type { DatabaseClient } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import type { ResolvedScope } from './check-references.js';

/**
 * Whether `u` (the subject) passes the campaign's people filter. Department names match ignoring
 * case, as people type them.
 */
export function peopleFilter(people: ResolvedScope['people']): Prisma.Sql {
  return Prisma.sql`
    (${people.organizationId}::uuid IS NULL OR EXISTS (
      SELECT 1 FROM organization_memberships pm
      WHERE pm.user_id = u.id AND pm.organization_id = ${people.organizationId}::uuid))
    AND (${people.department}::text IS NULL OR lower(u.department) = lower(${people.department}::text))
    AND (${people.groupId}::uuid IS NULL OR EXISTS (
      SELECT 1 FROM user_group_members pg WHERE pg.user_id = u.id AND pg.group_id = ${people.groupId}::uuid))`;
}

/** `column` is one of `ids`, or anything when the scope says `all`. */
function chosen(column: Prisma.Sql, ids: string[] | 'all'): Prisma.Sql {
  return ids === 'all' ? Prisma.sql`TRUE` : Prisma.sql`${column} = ANY(${ids}::uuid[])`;
}

const wanted = (ids: string[] | 'all') => ids === 'all' || ids.length > 0;

const subjectDeactivated = Prisma.sql`(NOT u.active OR u.deleted_at IS NOT NULL)`;

/** The columns every generated item starts with; `source` selects subject, ref, label, recommendations. */
function insertItems(reviewId: string, kind: string, source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO access_review_items
      (id, review_id, subject_user_id, access_kind, access_ref, access_label, stage, recommendations, created_at)
    SELECT gen_random_uuid(), ${reviewId}::uuid, s.subject_user_id, ${kind}, s.access_ref, left(s.access_label, 600), 1,
      s.recommendations, now()
    FROM (${source}) s
    ON CONFLICT DO NOTHING`;
}

/**
 * The statements that write the first stage's items of a campaign: one INSERT … SELECT per kind
 * of access in its scope, so a campaign of ten thousand items costs a few statements, not ten
 * thousand. Each item carries the recommendations that are cheap to read beside its source row:
 * whether the subject is deactivated, whether the linked account is stale, when and by whom
 * (person or run) the access was granted.
 */
export function itemInserts(reviewId: string, scope: ResolvedScope): Prisma.Sql[] {
  const people = peopleFilter(scope.people);
  const statements: Prisma.Sql[] = [];
  if (wanted(scope.businessRoleIds)) {
    statements.push(
      insertItems(
        reviewId,
        'business_role',
        Prisma.sql`
          SELECT a.user_id AS subject_user_id, a.role_id::text AS access_ref, r.name AS access_label,
            jsonb_build_object('subjectDeactivated', ${subjectDeactivated}, 'accountStale', NULL,
              'granted', jsonb_build_object('at', a.granted_at, 'byUserId', a.granted_by, 'byRunId', a.source_run_id))
            AS recommendations
          FROM role_assignments a JOIN business_roles r ON r.id = a.role_id JOIN users u ON u.id = a.user_id
          WHERE a.status = 'active' AND ${chosen(Prisma.sql`a.role_id`, scope.businessRoleIds)} AND ${people}`,
      ),
    );
  }
  if (wanted(scope.entitlementIds)) {
    // Held through the active role assignments that provisioned it; the earliest grant is shown.
    statements.push(
      insertItems(
        reviewId,
        'entitlement',
        Prisma.sql`
          SELECT DISTINCT ON (a.user_id, e.id) a.user_id AS subject_user_id, e.id::text AS access_ref,
            e.name AS access_label,
            jsonb_build_object('subjectDeactivated', ${subjectDeactivated},
              'accountStale', EXISTS (
                SELECT 1 FROM sync_matches m JOIN connector_resources c ON c.id = m.connector_resource_id
                WHERE m.user_id = a.user_id AND m.connector_id = e.connector_id AND c.stale_since IS NOT NULL),
              'granted', jsonb_build_object('at', a.granted_at, 'byUserId', a.granted_by, 'byRunId', a.source_run_id))
            AS recommendations
          FROM role_assignments a
            CROSS JOIN LATERAL unnest(a.provisioned_entitlement_ids) AS held(entitlement_id)
            JOIN entitlements e ON e.id = held.entitlement_id
            JOIN users u ON u.id = a.user_id
          WHERE a.status = 'active' AND ${chosen(Prisma.sql`e.id`, scope.entitlementIds)} AND ${people}
          ORDER BY a.user_id, e.id, a.granted_at`,
      ),
    );
  }
  if (wanted(scope.groupIds)) {
    statements.push(
      insertItems(
        reviewId,
        'group',
        Prisma.sql`
          SELECT m.user_id AS subject_user_id, g.id::text AS access_ref, g.name AS access_label,
            jsonb_build_object('subjectDeactivated', ${subjectDeactivated}, 'accountStale', NULL,
              'granted', jsonb_build_object('at', m.created_at, 'byUserId', m.added_by, 'byRunId', NULL))
            AS recommendations
          FROM user_group_members m JOIN user_groups g ON g.id = m.group_id JOIN users u ON u.id = m.user_id
          WHERE ${chosen(Prisma.sql`g.id`, scope.groupIds)} AND ${people}`,
      ),
    );
  }
  if (wanted(scope.organizationIds)) {
    statements.push(
      insertItems(
        reviewId,
        'organization_role',
        Prisma.sql`
          SELECT m.user_id AS subject_user_id, o.id::text || '/' || m.role AS access_ref,
            o.name || ' (' || m.role || ')' AS access_label,
            jsonb_build_object('subjectDeactivated', ${subjectDeactivated}, 'accountStale', NULL,
              'granted', jsonb_build_object('at', m.created_at, 'byUserId', m.added_by, 'byRunId', NULL))
            AS recommendations
          FROM organization_memberships m
            JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL
            JOIN users u ON u.id = m.user_id
          WHERE ${chosen(Prisma.sql`o.id`, scope.organizationIds)} AND ${people}`,
      ),
    );
  }
  if (scope.connectorAccounts.length > 0) {
    const connectorIds = scope.connectorAccounts.map((account) => account.connectorId);
    const resourceTypes = scope.connectorAccounts.map((account) => account.resourceType);
    statements.push(
      insertItems(
        reviewId,
        'connector_account',
        Prisma.sql`
          SELECT s.user_id AS subject_user_id, c.id::text AS access_ref,
            k.name || ': ' || c.display_name AS access_label,
            jsonb_build_object('subjectDeactivated', ${subjectDeactivated},
              'accountStale', c.stale_since IS NOT NULL,
              'granted', jsonb_build_object('at', coalesce(s.resolved_at, s.created_at), 'byUserId', s.resolved_by,
                'byRunId', NULL))
            AS recommendations
          FROM sync_matches s
            JOIN unnest(${connectorIds}::uuid[], ${resourceTypes}::text[]) AS wanted(connector_id, resource_type)
              ON wanted.connector_id = s.connector_id AND wanted.resource_type = s.resource_type
            JOIN connector_resources c ON c.id = s.connector_resource_id
            JOIN connectors k ON k.id = s.connector_id
            JOIN users u ON u.id = s.user_id
          WHERE s.match_status IN ('matched', 'manual_override') AND ${people}`,
      ),
    );
  }
  return statements;
}

/** Writes the first stage's items of a campaign; answers how many were written. */
export async function generateItems(tx: DatabaseClient, reviewId: string, scope: ResolvedScope): Promise<number> {
  let written = 0;
  for (const statement of itemInserts(reviewId, scope)) written += await tx.$executeRaw(statement);
  return written;
}
