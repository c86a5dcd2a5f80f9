import { Prisma, type DatabaseClient } from '../../db/client.js';
import {
  DEFAULT_SLA_HOURS,
  type ReportWindow,
  type SlaComplianceReport,
  type SlaCounts,
} from '../../domain/reports.js';
import { inWindow, ratio, toNumber, type SqlNumber } from './lib/sql.js';

export interface SlaComplianceOptions {
  /** The SLA of items without a due date; defaults to `DEFAULT_SLA_HOURS`. */
  defaultSlaHours?: number;
  /** "Now", for pending items; injectable so the report can be checked at a fixed instant. */
  now?: Date;
}

type Outcome = 'met' | 'missed' | 'open';
type Kind = 'approvals' | 'tasks';

type CountsRow = { [K in `${Kind}_${Outcome}`]: SqlNumber };
interface SlaRow extends CountsRow {
  /** Null only on the overall row. */
  definition_id: string | null;
  definition_name: string;
}

/**
 * Share of approvals and tasks created in the window (by `created_at`) that were finished within
 * their SLA, per definition of their run and overall.
 *
 * Rules (docs/reports.md):
 * - The SLA of an item is its `due_at` (set from the step timeout) when set, else `created_at`
 *   plus the default SLA (72 hours unless overridden).
 * - met: an approval approved or rejected, or a task completed, at or before the SLA.
 * - missed: decided or completed after the SLA, timed out, or still pending (open) past the SLA
 *   as of now. A decided or completed item without a timestamp counts as missed: it cannot be
 *   shown to be on time.
 * - open: still pending (open) and within the SLA; not counted in the rate.
 * - Cancelled items are left out entirely.
 * - rate = met / (met + missed), null when both are 0.
 */
export async function slaCompliance(
  db: DatabaseClient,
  window: ReportWindow,
  options: SlaComplianceOptions = {},
): Promise<SlaComplianceReport> {
  const defaultSlaHours = options.defaultSlaHours ?? DEFAULT_SLA_HOURS;
  const now = options.now ?? new Date();
  const defaultSla = Prisma.sql`(${defaultSlaHours}::float8 * interval '1 hour')`;

  // Items are classified once, then counted per definition and overall (the grouping set ()).
  const rows = await db.$queryRaw<SlaRow[]>(Prisma.sql`
    WITH item AS (
      SELECT
        'approvals' AS kind,
        a.run_id,
        a.status IN ('approved', 'rejected') AS finished,
        a.decided_at AS finished_at,
        a.status = 'timed_out' AS timed_out,
        a.status = 'pending' AS waiting,
        COALESCE(a.due_at, a.created_at + ${defaultSla}) AS sla
      FROM approvals a
      WHERE ${inWindow(Prisma.sql`a.created_at`, window)}
      UNION ALL
      SELECT
        'tasks',
        t.run_id,
        t.status = 'completed',
        t.completed_at,
        t.status = 'timed_out',
        t.status = 'open',
        COALESCE(t.due_at, t.created_at + ${defaultSla})
      FROM tasks t
      WHERE ${inWindow(Prisma.sql`t.created_at`, window)}
    ),
    classified AS (
      SELECT
        kind,
        run_id,
        CASE
          WHEN finished THEN CASE WHEN finished_at <= sla THEN 'met' ELSE 'missed' END
          WHEN timed_out THEN 'missed'
          WHEN waiting THEN CASE WHEN ${now}::timestamptz > sla THEN 'missed' ELSE 'open' END
        END AS outcome
      FROM item
    )
    SELECT
      r.definition_id::text AS definition_id,
      (array_agg(r.definition_name ORDER BY r.started_at DESC, r.id))[1] AS definition_name,
      COUNT(*) FILTER (WHERE kind = 'approvals' AND outcome = 'met') AS approvals_met,
      COUNT(*) FILTER (WHERE kind = 'approvals' AND outcome = 'missed') AS approvals_missed,
      COUNT(*) FILTER (WHERE kind = 'approvals' AND outcome = 'open') AS approvals_open,
      COUNT(*) FILTER (WHERE kind = 'tasks' AND outcome = 'met') AS tasks_met,
      COUNT(*) FILTER (WHERE kind = 'tasks' AND outcome = 'missed') AS tasks_missed,
      COUNT(*) FILTER (WHERE kind = 'tasks' AND outcome = 'open') AS tasks_open
    FROM classified c JOIN workflow_runs r ON r.id = c.run_id
    -- cancelled items (and unknown statuses) have no outcome
    WHERE outcome IS NOT NULL
    GROUP BY GROUPING SETS ((r.definition_id), ())
    ORDER BY r.definition_id IS NULL, definition_name, definition_id`);

  const overallRow = rows.find((row) => row.definition_id === null);
  if (!overallRow) throw new Error('slaCompliance: the query returned no overall row');
  const approvals = countsOf(overallRow, 'approvals');
  const tasks = countsOf(overallRow, 'tasks');
  return {
    defaultSlaHours,
    approvals,
    tasks,
    overall: slaCounts(approvals.met + tasks.met, approvals.missed + tasks.missed, approvals.open + tasks.open),
    perDefinition: rows.flatMap((row) =>
      row.definition_id === null
        ? []
        : [
            {
              definitionId: row.definition_id,
              definitionName: row.definition_name,
              approvals: countsOf(row, 'approvals'),
              tasks: countsOf(row, 'tasks'),
            },
          ],
    ),
  };
}

function countsOf(row: CountsRow, kind: Kind): SlaCounts {
  return slaCounts(toNumber(row[`${kind}_met`]), toNumber(row[`${kind}_missed`]), toNumber(row[`${kind}_open`]));
}

function slaCounts(met: number, missed: number, open: number): SlaCounts {
  return { met, missed, open, rate: ratio(met, met + missed) };
}
