import type { DatabaseClient } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import type { ResolvedScope } from './check-references.js';
import { peopleFilter } from './generate-items.js';

/** Below this share of a subject's peers holding the same access, the item says few do. */
export const FEW_PEERS_SHARE = 0.2;

/**
 * Adds `peers` to the recommendations of a campaign's items, in one statement: how many of the
 * subject's peers (active people of the same department among those the campaign covers, the
 * subject left out) hold the same access, and whether that is few. Subjects without a department
 * get none.
 */
export async function recommendPeers(tx: DatabaseClient, reviewId: string, scope: ResolvedScope): Promise<void> {
  // Window counts over the campaign's own items, not a join of the items with themselves: the
  // rows are fresh in this transaction, so the planner has no statistics on them yet.
  await tx.$executeRaw(Prisma.sql`
    WITH covered AS (
      SELECT lower(u.department) AS department, count(*)::int AS people
      FROM users u
      WHERE u.deleted_at IS NULL AND u.department IS NOT NULL AND ${peopleFilter(scope.people)}
      GROUP BY 1),
    held AS (
      SELECT i.id, u.department, lower(u.department) AS department_key,
        (CASE WHEN u.deleted_at IS NULL THEN 1 ELSE 0 END) AS counted,
        (count(*) FILTER (WHERE u.deleted_at IS NULL)
          OVER (PARTITION BY i.access_kind, i.access_ref, lower(u.department)))::int AS holders
      FROM access_review_items i JOIN users u ON u.id = i.subject_user_id
      WHERE i.review_id = ${reviewId}::uuid AND i.stage = 1 AND u.department IS NOT NULL),
    shares AS (
      SELECT h.id, h.department, h.holders - h.counted AS holders, c.people - h.counted AS peers
      FROM held h JOIN covered c ON c.department = h.department_key)
    UPDATE access_review_items i
    SET recommendations = i.recommendations || jsonb_build_object('peers', jsonb_build_object(
      'department', s.department, 'holders', s.holders, 'peers', s.peers,
      'share', round(s.holders::numeric / s.peers, 3),
      'few', s.holders::numeric / s.peers < ${FEW_PEERS_SHARE}))
    FROM shares s
    WHERE i.id = s.id AND s.peers > 0`);
}
