import { Prisma, type DatabaseClient } from '../../db/client.js';
import type { ReportWindow, WorkflowStatsEntry, WorkflowStatsReport } from '../../domain/reports.js';
import { elapsedMs, inWindow, ratio, toNullableNumber, toNumber, type SqlNumber } from './lib/sql.js';

interface StatsRow {
  /** Null only on the overall row: the column itself is NOT NULL. */
  definition_id: string | null;
  definition_name: string;
  total: SqlNumber;
  pending: SqlNumber;
  running: SqlNumber;
  waiting: SqlNumber;
  completed: SqlNumber;
  failed: SqlNumber;
  cancelled: SqlNumber;
  median_duration_ms: SqlNumber | null;
  p95_duration_ms: SqlNumber | null;
}

/**
 * Runs started in the window (by `started_at`), per definition and over all of them: counts by
 * status, success rate among finished runs, and median and 95th percentile duration of completed
 * runs (PostgreSQL `percentile_cont`, so interpolated between the two nearest runs). Test runs
 * of drafts count like any other run.
 */
export async function workflowStats(db: DatabaseClient, window: ReportWindow): Promise<WorkflowStatsReport> {
  const duration = elapsedMs(Prisma.sql`started_at`, Prisma.sql`completed_at`);
  const durationKnown = Prisma.sql`status = 'completed' AND completed_at IS NOT NULL`;
  // One pass: the grouping set () adds the overall row to the per-definition rows.
  const rows = await db.$queryRaw<StatsRow[]>(Prisma.sql`
    SELECT
      definition_id::text AS definition_id,
      (array_agg(definition_name ORDER BY started_at DESC, id))[1] AS definition_name,
      COUNT(*) AS total,
      COUNT(*) FILTER (WHERE status = 'pending') AS pending,
      COUNT(*) FILTER (WHERE status = 'running') AS running,
      COUNT(*) FILTER (WHERE status = 'waiting') AS waiting,
      COUNT(*) FILTER (WHERE status = 'completed') AS completed,
      COUNT(*) FILTER (WHERE status = 'failed') AS failed,
      COUNT(*) FILTER (WHERE status = 'cancelled') AS cancelled,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${duration}) FILTER (WHERE ${durationKnown}) AS median_duration_ms,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY ${duration}) FILTER (WHERE ${durationKnown}) AS p95_duration_ms
    FROM workflow_runs
    WHERE ${inWindow(Prisma.sql`started_at`, window)}
    GROUP BY GROUPING SETS ((definition_id), ())
    ORDER BY definition_id IS NULL, definition_name, definition_id`);

  let overall: WorkflowStatsEntry | undefined;
  const perDefinition: WorkflowStatsReport['perDefinition'] = [];
  for (const row of rows) {
    const entry = toEntry(row);
    if (row.definition_id === null) overall = entry;
    else perDefinition.push({ definitionId: row.definition_id, definitionName: row.definition_name, ...entry });
  }
  // Aggregating with the empty grouping set always yields the overall row, even over no runs.
  if (!overall) throw new Error('workflowStats: the query returned no overall row');
  return { overall, perDefinition };
}

function toEntry(row: StatsRow): WorkflowStatsEntry {
  const byStatus = {
    pending: toNumber(row.pending),
    running: toNumber(row.running),
    waiting: toNumber(row.waiting),
    completed: toNumber(row.completed),
    failed: toNumber(row.failed),
    cancelled: toNumber(row.cancelled),
  };
  return {
    total: toNumber(row.total),
    byStatus,
    successRate: ratio(byStatus.completed, byStatus.completed + byStatus.failed + byStatus.cancelled),
    medianDurationMs: toNullableNumber(row.median_duration_ms),
    p95DurationMs: toNullableNumber(row.p95_duration_ms),
  };
}
