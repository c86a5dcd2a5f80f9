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

/** The first of the fallback reviewers who is active and not `subject`. */
function fallbackOf(reviewers: ResolvedReviewers, subject: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT f.id FROM unnest(${reviewers.fallbackUserIds}::uuid[]) WITH ORDINALITY AS f(id, position)
      JOIN users fu ON fu.id = f.id AND fu.active AND fu.deleted_at IS NULL
    WHERE f.id <> ${subject} ORDER BY f.position LIMIT 1)`;
}

/** The active user `column` names, or null. */
const activePerson = (column: Prisma.Sql) =>
  Prisma.sql`(SELECT p.id FROM users p WHERE p.id = ${column} AND p.active AND p.deleted_at IS NULL)`;

/** The owner of the item's access (`kind` and `ref` are SQL): its business role's or entitlement's; the other kinds have none. */
function ownerOf(kind: Prisma.Sql, ref: Prisma.Sql): Prisma.Sql {
  return activePerson(Prisma.sql`CASE ${kind}
    WHEN 'business_role' THEN (SELECT r.owner_id FROM business_roles r WHERE r.id::text = ${ref})
    WHEN 'entitlement' THEN (SELECT e.owner_id FROM entitlements e WHERE e.id::text = ${ref}) END`);
}

/** No candidates to spread over: the reviewer comes from the subject or the access. */
const NO_POOL = Prisma.sql`(SELECT '{}'::uuid[] AS ids, 0 AS n)`;

/**
 * How an item's reviewer is chosen, for the statement that writes the item: `pool` is a one-row
 * source of the candidates (`ids`, `n`) to join as `p`, and `reviewerOf(subject, kind, ref)` the
 * expression of the reviewer (each argument SQL). Of type `manager`: the subject's manager; of type `owner`: the owner
 * of the business role or entitlement. Of types `users` and `role_holders`, a subject's items all
 * go to the same candidate, picked by a hash of the subject so the work spreads over the
 * candidates; when that candidate is the subject the next one takes them. When there is no such
 * reviewer, or it is the subject, the first fallback who is not the subject does. Nobody reviews
 * their own access; the expression is null when nobody can.
 */
export function reviewerChoice(reviewers: ResolvedReviewers) {
  if (reviewers.type === 'manager' || reviewers.type === 'owner') {
    const reviewerOf = (subject: Prisma.Sql, kind: Prisma.Sql, ref: Prisma.Sql) => {
      const chosen =
        reviewers.type === 'manager'
          ? activePerson(Prisma.sql`(SELECT su.manager_id FROM users su WHERE su.id = ${subject})`)
          : ownerOf(kind, ref);
      return Prisma.sql`coalesce(NULLIF(${chosen}, ${subject}), ${fallbackOf(reviewers, subject)})`;
    };
    return { pool: NO_POOL, reviewerOf };
  }
  const pool = Prisma.sql`(SELECT pool.ids, cardinality(pool.ids) AS n FROM (${candidatePool(reviewers)}) pool)`;
  const reviewerOf = (subject: Prisma.Sql) => {
    const pick = (offset: number) => Prisma.sql`
      CASE WHEN p.n > ${offset} THEN NULLIF(
        p.ids[(1 + mod(abs(hashtext(${subject}::text)::bigint) + ${offset}, p.n))::int], ${subject}) END`;
    return Prisma.sql`coalesce(${pick(0)}, ${pick(1)}, ${fallbackOf(reviewers, subject)})`;
  };
  return { pool, reviewerOf };
}
