import type { DatabaseClient } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import type { ResolvedReviewers } from './check-references.js';

/** The people who may review, as one array: the named users, or the active holders of a business role. */
function candidatePool(reviewers: ResolvedReviewers): Prisma.Sql {
  if (reviewers.type === 'role_holders') {
    return Prisma.sql`
      SELECT coalesce(array_agg(a.user_id ORDER BY a.user_id), '{}') AS ids
      FROM role_assignments a JOIN users u ON u.id = a.user_id
      WHERE a.role_id = ${reviewers.roleId}::uuid AND a.status = 'active' AND u.active AND u.deleted_at IS NULL`;
  }
  return Prisma.sql`
    SELECT coalesce(array_agg(u.id ORDER BY u.id), '{}') AS ids
    FROM users u WHERE u.id = ANY(${reviewers.userIds}::uuid[]) AND u.active AND u.deleted_at IS NULL`;
}

/**
 * Gives each unassigned item of a stage its reviewer, in one statement. A subject's items all go to
 * the same candidate (picked by a hash of the subject, so the work spreads over the candidates);
 * when that candidate is the subject the next one takes them, and when there is no other
 * candidate the first fallback who is not the subject does. Nobody reviews their own access.
 * Answers how many items are left without a reviewer.
 */
export async function assignReviewers(
  tx: DatabaseClient,
  reviewId: string,
  stage: number,
  reviewers: ResolvedReviewers,
): Promise<number> {
  const pick = (offset: number) => Prisma.sql`
    CASE WHEN p.n > ${offset} THEN NULLIF(
      p.ids[(1 + mod(abs(hashtext(i.subject_user_id::text)::bigint) + ${offset}, p.n))::int], i.subject_user_id) END`;
  await tx.$executeRaw(Prisma.sql`
    UPDATE access_review_items i
    SET reviewer_id = coalesce(${pick(0)}, ${pick(1)}, (
      SELECT f.id FROM unnest(${reviewers.fallbackUserIds}::uuid[]) WITH ORDINALITY AS f(id, position)
        JOIN users fu ON fu.id = f.id AND fu.active AND fu.deleted_at IS NULL
      WHERE f.id <> i.subject_user_id ORDER BY f.position LIMIT 1))
    FROM (SELECT pool.ids, cardinality(pool.ids) AS n FROM (${candidatePool(reviewers)}) pool) p
    WHERE i.review_id = ${reviewId}::uuid AND i.stage = ${stage} AND i.reviewer_id IS NULL`);
  return tx.accessReviewItem.count({ where: { reviewId, stage, reviewerId: null } });
}
