import type { DatabaseClient } from '../../db/client.js';
import type { ProfileField } from '../../domain/profile.js';
import { Prisma } from '../../db/generated/client.js';
import { reviewerChoice } from './assign-reviewers.js';
import type { ResolvedReviewers, ResolvedScope } from './check-references.js';

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
      SELECT 1 FROM user_group_members pg WHERE pg.user_id = u.id AND pg.group_id = ${people.groupId}::uuid))
    AND ${attributeFilter(people.attribute)}`;
}

/** The column of a built-in profile field, by its API name. */
const PROFILE_COLUMNS: Record<ProfileField, string> = {
  title: 'title',
  department: 'department',
  phoneNumber: 'phone_number',
  location: 'location',
  employeeId: 'employee_id',
  costCenter: 'cost_center',
  startDate: 'start_date',
};

/** Whether `u`'s profile field or custom attribute `name` equals `value`, ignoring case. */
function attributeFilter(attribute: ResolvedScope['people']['attribute']): Prisma.Sql {
  if (attribute === null) return Prisma.sql`TRUE`;
  const column = (PROFILE_COLUMNS as Record<string, string | undefined>)[attribute.name];
  const held = column ? Prisma.raw(`u.${column}`) : Prisma.sql`(u.custom_attributes ->> ${attribute.name})`;
  return Prisma.sql`lower(${held}) = lower(${attribute.value})`;
}

/** `column` is one of `ids`, or anything when the scope says `all`. */
function chosen(column: Prisma.Sql, ids: string[] | 'all'): Prisma.Sql {
  return ids === 'all' ? Prisma.sql`TRUE` : Prisma.sql`${column} = ANY(${ids}::uuid[])`;
}

const wanted = (ids: string[] | 'all') => ids === 'all' || ids.length > 0;

const subjectDeactivated = Prisma.sql`(NOT u.active OR u.deleted_at IS NOT NULL)`;

/** Below this share of a subject's peers holding the same access, the item says few do. */
export const FEW_PEERS_SHARE = 0.2;

interface ItemContext {
  reviewId: string;
  reviewers: ResolvedReviewers;
  /** The people filter, on `u`. */
  people: Prisma.Sql;
}

/**
 * The peer group of the user `alias`: their department (`d:` and its name in lower case), or for
 * someone without one, the first organization they belong to (`o:` and its id); null for neither.
 * `peer_name` is what the item shows: the department as written, or the organization's name.
 */
const peerGroupOf = (alias: string) => {
  const u = Prisma.raw(alias);
  return Prisma.sql`(
    SELECT CASE WHEN ${u}.department IS NOT NULL THEN 'd:' || lower(${u}.department) ELSE 'o:' || o.id END AS peer_group,
      coalesce(${u}.department, o.name) AS peer_name
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT po.id, po.name FROM organization_memberships pm
        JOIN organizations po ON po.id = pm.organization_id AND po.deleted_at IS NULL
      WHERE pm.user_id = ${u}.id AND ${u}.department IS NULL ORDER BY po.id LIMIT 1) o ON TRUE)`;
};

/**
 * One INSERT … SELECT of items: `source` selects subject, ref, label and recommendations. The same
 * statement chooses the reviewer and adds `peers` to the recommendations: how many of the
 * subject's peers (the other people of the same department, or for someone without one, of their
 * organization, among those the campaign covers) hold the same access, counted over the
 * statement's own rows with a window.
 */
function insertItems(context: ItemContext, kind: string, source: Prisma.Sql): Prisma.Sql {
  const { pool, reviewerOf } = reviewerChoice(context.reviewers);
  const holders = Prisma.sql`(s.holders - s.counted)`;
  const peers = Prisma.sql`(c.people - s.counted)`;
  const counts = Prisma.sql`'holders', ${holders}, 'peers', ${peers},
        'share', round(${holders}::numeric / ${peers}, 3),
        'few', ${holders}::numeric / ${peers} < ${FEW_PEERS_SHARE}`;
  return Prisma.sql`
    WITH covered AS (
      SELECT g.peer_group, count(*)::int AS people
      FROM users u CROSS JOIN LATERAL ${peerGroupOf('u')} g
      WHERE u.deleted_at IS NULL AND g.peer_group IS NOT NULL AND ${context.people}
      GROUP BY 1)
    INSERT INTO access_review_items (id, review_id, subject_user_id, access_kind, access_ref, access_label,
      reviewer_id, stage, recommendations, created_at)
    SELECT gen_random_uuid(), ${context.reviewId}::uuid, s.subject_user_id, ${kind}, s.access_ref,
      left(s.access_label, 600), ${reviewerOf(Prisma.sql`s.subject_user_id`, Prisma.sql`${kind}::text`, Prisma.sql`s.access_ref`)}, 1,
      s.recommendations || CASE WHEN ${peers} > 0 THEN jsonb_build_object('peers',
        CASE WHEN s.peer_group LIKE 'd:%' THEN jsonb_build_object('department', s.peer_name, ${counts})
          ELSE jsonb_build_object('organization', s.peer_name, ${counts}) END) ELSE '{}'::jsonb END,
      now()
    FROM (
      SELECT source.*, g.peer_group, g.peer_name, (CASE WHEN su.deleted_at IS NULL THEN 1 ELSE 0 END) AS counted,
        (count(*) FILTER (WHERE su.deleted_at IS NULL)
          OVER (PARTITION BY source.access_ref, g.peer_group))::int AS holders
      FROM (${source}) source JOIN users su ON su.id = source.subject_user_id
        CROSS JOIN LATERAL ${peerGroupOf('su')} g) s
    LEFT JOIN covered c ON c.peer_group = s.peer_group
    CROSS JOIN ${pool} p
    ON CONFLICT DO NOTHING`;
}

/**
 * The statements that write the first stage's items of a campaign: one INSERT … SELECT per kind
 * of access in its scope, so a campaign of ten thousand items costs a few statements, not ten
 * thousand. Each item gets its reviewer and the recommendations that are cheap to read beside its
 * source row: whether the subject is deactivated, whether the linked account is stale, when and by
 * whom (person or run) the access was granted, and the share of peers holding it.
 */
export function itemInserts(reviewId: string, scope: ResolvedScope, reviewers: ResolvedReviewers): Prisma.Sql[] {
  const people = peopleFilter(scope.people);
  const context: ItemContext = { reviewId, reviewers, people };
  const statements: Prisma.Sql[] = [];
  if (wanted(scope.businessRoleIds)) {
    statements.push(
      insertItems(
        context,
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
        context,
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
        context,
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
        context,
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
        context,
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

/** Writes the first stage's items of a campaign with their reviewers; answers how many were written. */
export async function generateItems(
  tx: DatabaseClient,
  reviewId: string,
  scope: ResolvedScope,
  reviewers: ResolvedReviewers,
): Promise<number> {
  let written = 0;
  for (const statement of itemInserts(reviewId, scope, reviewers)) written += await tx.$executeRaw(statement);
  return written;
}

/**
 * The items of the stage after `stage`: one for each item of `stage` that was kept, with the same
 * subject, access and recommendations, put to a reviewer of the next stage's `reviewers`. One
 * statement; repeating it adds nothing (the items' unique key).
 */
export function advanceItems(
  tx: DatabaseClient,
  reviewId: string,
  stage: number,
  reviewers: ResolvedReviewers,
): Promise<number> {
  const { pool, reviewerOf } = reviewerChoice(reviewers);
  return tx.$executeRaw`
    INSERT INTO access_review_items (id, review_id, subject_user_id, access_kind, access_ref, access_label,
      reviewer_id, stage, recommendations, created_at)
    SELECT gen_random_uuid(), s.review_id, s.subject_user_id, s.access_kind, s.access_ref, s.access_label,
      ${reviewerOf(Prisma.sql`s.subject_user_id`, Prisma.sql`s.access_kind`, Prisma.sql`s.access_ref`)},
      ${stage + 1}, s.recommendations, now()
    FROM access_review_items s CROSS JOIN ${pool} p
    WHERE s.review_id = ${reviewId}::uuid AND s.stage = ${stage} AND s.decision = 'keep'
    ON CONFLICT DO NOTHING`;
}
