import { z } from 'zod';
import type { Database, DatabaseClient } from '../../db/client.js';
import { queryTimestamp } from '../../domain/common.js';
import {
  approverPerformanceReportSchema,
  DEFAULT_SLA_HOURS,
  MAX_SLA_HOURS,
  slaComplianceReportSchema,
  workflowStatsReportSchema,
} from '../../domain/reports.js';
import { approverPerformance, approverPerformanceFor } from '../../services/reports/approver-performance.js';
import { boundedReport } from '../../services/reports/lib/bounded-report.js';
import { slaCompliance } from '../../services/reports/sla-compliance.js';
import { workflowStats } from '../../services/reports/workflow-stats.js';
import { principalOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const windowFields = {
  from: queryTimestamp('from').optional().describe('Window start, inclusive'),
  to: queryTimestamp('to').optional().describe('Window end, exclusive'),
};
const fromBeforeTo = (query: { from?: Date; to?: Date }) => !query.from || !query.to || query.from < query.to;
const fromAfterTo = { error: 'from must be before to', path: ['from'] };

const windowQuery = z.object(windowFields).refine(fromBeforeTo, fromAfterTo);

const slaQuery = z
  .object({
    ...windowFields,
    defaultSlaHours: z
      .string()
      .regex(/^\d+(\.\d+)?([eE][+-]?\d+)?$/, 'defaultSlaHours must be a positive number')
      .transform(Number)
      .refine((hours) => hours > 0, 'defaultSlaHours must be a positive number')
      .refine((hours) => hours <= MAX_SLA_HOURS, `defaultSlaHours must be at most ${MAX_SLA_HOURS} (ten years)`)
      .meta({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: MAX_SLA_HOURS, pattern: undefined })
      .optional()
      .describe(
        `SLA of approvals and tasks without a due date, in hours (default ${DEFAULT_SLA_HOURS}, at most ${MAX_SLA_HOURS})`,
      ),
  })
  .refine(fromBeforeTo, fromAfterTo);

/**
 * The report routes. Each report is one statement, which PostgreSQL stops after
 * `statementTimeoutMs` (the API's query timeout), a few at a time per process (`boundedReport`).
 */
export function reportRoutes(
  deps: ResourceRouterDependencies,
  db: Database,
  statementTimeoutMs: number,
): ResourceRouter {
  const report = <T>(query: (tx: DatabaseClient) => Promise<T>) => boundedReport(db, statementTimeoutMs, query);
  return new ResourceRouter('/api/reports', 'Reports', deps)
    .add({
      method: 'get',
      path: '/workflow-stats',
      operationId: 'getWorkflowStats',
      summary: 'Runs per definition and status, success rate and durations (runs by start time)',
      access: 'report:read',
      query: windowQuery,
      responses: { 200: { description: 'The report', schema: workflowStatsReportSchema } },
      async handler(ctx, { query }) {
        ctx.body = await report((tx) => workflowStats(tx, { from: query.from, to: query.to }));
      },
    })
    .add({
      method: 'get',
      path: '/sla-compliance',
      operationId: 'getSlaCompliance',
      summary: 'Share of approvals and tasks finished within their SLA (items by creation time)',
      description: 'Rules: docs/reports.md.',
      access: 'report:read',
      query: slaQuery,
      responses: { 200: { description: 'The report', schema: slaComplianceReportSchema } },
      async handler(ctx, { query }) {
        ctx.body = await report((tx) =>
          slaCompliance(tx, { from: query.from, to: query.to }, { defaultSlaHours: query.defaultSlaHours }),
        );
      },
    })
    .add({
      method: 'get',
      path: '/approver-performance',
      operationId: 'getApproverPerformance',
      summary: 'Decisions, time to decide and pending approvals per approver (approvals by creation time)',
      access: 'report:read',
      query: windowQuery,
      responses: { 200: { description: 'The report', schema: approverPerformanceReportSchema } },
      async handler(ctx, { query }) {
        const performance = await report((tx) => approverPerformance(tx, { from: query.from, to: query.to }));
        ctx.body = approverPerformanceFor(performance, principalOf(ctx));
      },
    });
}
