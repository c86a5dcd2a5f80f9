import { Prisma, type DatabaseClient } from '../../db/client.js';
import type { ApproverPerformanceReport, ReportWindow } from '../../domain/reports.js';
import { can, type Principal } from '../../permissions/index.js';
import { elapsedMs, inWindow, toNullableNumber, toNumber, type SqlNumber } from './lib/sql.js';

interface ApproverRow {
  user_id: string;
  email: string | null;
  decided: SqlNumber;
  approved: SqlNumber;
  rejected: SqlNumber;
  median_time_to_decide_ms: SqlNumber | null;
  pending: SqlNumber;
}

/**
 * Per approver, over approvals created in the window (by `created_at`): decisions made, split by
 * approve and reject, median time from the approval's creation to the decision, and approvals
 * still pending that name the user in `approver_user_ids` and that the user has not decided yet.
 * Eligibility through `approver_roles` is not counted as pending: who holds a role changes over
 * time, and the approval does not record who held it when it opened.
 */
export async function approverPerformance(
  db: DatabaseClient,
  window: ReportWindow,
): Promise<ApproverPerformanceReport> {
  const rows = await db.$queryRaw<ApproverRow[]>(Prisma.sql`
    WITH approval AS (
      SELECT id, status, approver_user_ids, created_at
      FROM approvals
      WHERE ${inWindow(Prisma.sql`created_at`, window)}
    ),
    decisions AS (
      SELECT
        d.user_id::text AS user_id,
        COUNT(*) AS decided,
        COUNT(*) FILTER (WHERE d.decision = 'approve') AS approved,
        COUNT(*) FILTER (WHERE d.decision = 'reject') AS rejected,
        percentile_cont(0.5) WITHIN GROUP (
          ORDER BY ${elapsedMs(Prisma.sql`a.created_at`, Prisma.sql`d.decided_at`)}
        ) AS median_time_to_decide_ms
      FROM approval_decisions d JOIN approval a ON a.id = d.approval_id
      GROUP BY d.user_id
    ),
    waiting_on AS (
      SELECT eligible.user_id, COUNT(DISTINCT a.id) AS pending
      FROM approval a CROSS JOIN LATERAL unnest(a.approver_user_ids) AS eligible(user_id)
      WHERE a.status = 'pending'
        AND NOT EXISTS (
          SELECT 1 FROM approval_decisions d WHERE d.approval_id = a.id AND d.user_id::text = eligible.user_id
        )
      GROUP BY eligible.user_id
    )
    SELECT
      COALESCE(d.user_id, w.user_id) AS user_id,
      u.email,
      COALESCE(d.decided, 0) AS decided,
      COALESCE(d.approved, 0) AS approved,
      COALESCE(d.rejected, 0) AS rejected,
      d.median_time_to_decide_ms,
      COALESCE(w.pending, 0) AS pending
    FROM decisions d
    FULL JOIN waiting_on w ON w.user_id = d.user_id
    -- text, not uuid: approver_user_ids is a text array, and a stale entry need not be a UUID
    LEFT JOIN users u ON u.id::text = COALESCE(d.user_id, w.user_id)
    ORDER BY decided DESC, pending DESC, user_id`);

  return {
    approvers: rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      decided: toNumber(row.decided),
      approved: toNumber(row.approved),
      rejected: toNumber(row.rejected),
      medianTimeToDecideMs: toNullableNumber(row.median_time_to_decide_ms),
      pending: toNumber(row.pending),
    })),
  };
}

/**
 * The report as `principal` may see it. `report:read` is the resource managers', but email
 * addresses are the directory's, which only `user:read` shows (`GET /api/users`): without it they
 * are null, and approvers are known by their user ids, as members are on organizations.
 */
export function approverPerformanceFor(report: ApproverPerformanceReport, principal: Principal) {
  if (can(principal, 'user:read')) return report;
  return { approvers: report.approvers.map((approver) => ({ ...approver, email: null })) };
}
