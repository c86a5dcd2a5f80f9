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
 * How an item's reviewer is chosen, for the statement that writes the item: `pool` is a one-row
 * source of the candidates (`ids`, `n`) to join as `p`, and `reviewerOf(subject)` the expression
 * of the reviewer. A subject's items all go to the same candidate, picked by a hash of the subject
 * so the work spreads over the candidates; when that candidate is the subject the next one takes
 * them, and when there is no other candidate the first fallback who is not the subject does.
 * Nobody reviews their own access; the expression is null when nobody can.
 */
export function reviewerChoice(reviewers: ResolvedReviewers) {
  const pool = Prisma.sql`(SELECT pool.ids, cardinality(pool.ids) AS n FROM (${candidatePool(reviewers)}) pool)`;
  const reviewerOf = (subject: Prisma.Sql) => {
    const pick = (offset: number) => Prisma.sql`
      CASE WHEN p.n > ${offset} THEN NULLIF(
        p.ids[(1 + mod(abs(hashtext(${subject}::text)::bigint) + ${offset}, p.n))::int], ${subject}) END`;
    return Prisma.sql`coalesce(${pick(0)}, ${pick(1)}, (
      SELECT f.id FROM unnest(${reviewers.fallbackUserIds}::uuid[]) WITH ORDINALITY AS f(id, position)
        JOIN users fu ON fu.id = f.id AND fu.active AND fu.deleted_at IS NULL
      WHERE f.id <> ${subject} ORDER BY f.position LIMIT 1))`;
  };
  return { pool, reviewerOf };
}
