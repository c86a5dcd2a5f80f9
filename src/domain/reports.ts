import { z } from 'zod';
import type { RunStatus } from './run-statuses.js';

/** The SLA of an approval or task without a due date (no step timeout), unless a caller overrides it. */
export const DEFAULT_SLA_HOURS = 72;

/** The largest default SLA a caller may ask for: ten years, far inside PostgreSQL's interval range. */
export const MAX_SLA_HOURS = 87_600;

/** A report's time window: `from` inclusive, `to` exclusive; an absent bound is open. */
export interface ReportWindow {
  from?: Date;
  to?: Date;
}

const count = z.number().int();
const milliseconds = z.number().nullable();
const share = z.number().min(0).max(1).nullable();

const workflowStatsEntry = z.object({
  total: count,
  byStatus: z.object({
    pending: count,
    running: count,
    waiting: count,
    completed: count,
    failed: count,
    cancelled: count,
  } satisfies Record<RunStatus, z.ZodType>),
  successRate: share.describe('completed / (completed + failed + cancelled); null when no run finished'),
  medianDurationMs: milliseconds.describe('Over completed runs; null when none completed'),
  p95DurationMs: milliseconds.describe('Over completed runs; null when none completed'),
});

export const workflowStatsReportSchema = z
  .object({
    overall: workflowStatsEntry,
    perDefinition: z.array(
      workflowStatsEntry.extend({
        definitionId: z.uuid(),
        definitionName: z.string().describe('The name on the latest run of the definition in the window'),
      }),
    ),
  })
  .meta({ id: 'WorkflowStatsReport' });
export type WorkflowStatsReport = z.infer<typeof workflowStatsReportSchema>;
export type WorkflowStatsEntry = z.infer<typeof workflowStatsEntry>;

const slaCounts = z.object({
  met: count.describe('Decided or completed at or before the SLA'),
  missed: count.describe('Decided or completed after the SLA, timed out, or still open past it'),
  open: count.describe('Still open and within the SLA; not in the rate'),
  rate: share.describe('met / (met + missed); null when both are 0'),
});
export type SlaCounts = z.infer<typeof slaCounts>;

export const slaComplianceReportSchema = z
  .object({
    defaultSlaHours: z.number().describe('The SLA of items without a due date'),
    approvals: slaCounts,
    tasks: slaCounts,
    overall: slaCounts.describe('Approvals and tasks together'),
    perDefinition: z.array(
      z.object({
        definitionId: z.uuid(),
        definitionName: z.string().describe('The name on the latest run of the definition with counted items'),
        approvals: slaCounts,
        tasks: slaCounts,
      }),
    ),
  })
  .meta({ id: 'SlaComplianceReport' });
export type SlaComplianceReport = z.infer<typeof slaComplianceReportSchema>;

export const approverPerformanceReportSchema = z
  .object({
    approvers: z.array(
      z.object({
        userId: z.string(),
        email: z.string().nullable().describe('Null when no user has this id, or the user has no email'),
        decided: count,
        approved: count,
        rejected: count,
        medianTimeToDecideMs: milliseconds.describe("From the approval's creation to this user's decision"),
        pending: count.describe('Pending approvals naming this user as an approver, not yet decided by them'),
      }),
    ),
  })
  .meta({ id: 'ApproverPerformanceReport' });
export type ApproverPerformanceReport = z.infer<typeof approverPerformanceReportSchema>;
