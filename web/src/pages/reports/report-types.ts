/** The report routes' shapes (OpenAPI `WorkflowStatsReport`, `SlaComplianceReport`, `ApproverPerformanceReport`). */
import type { Schema } from '../../api/client';

export const RUN_STATUS_ORDER = ['completed', 'failed', 'cancelled', 'running', 'waiting', 'pending'] as const;

export type WorkflowStatsReport = Schema<'WorkflowStatsReport'>;
export type SlaComplianceReport = Schema<'SlaComplianceReport'>;
export type SlaCounts = SlaComplianceReport['overall'];
export type ApproverPerformanceReport = Schema<'ApproverPerformanceReport'>;

export function percent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 1000) / 10} %`;
}

export function duration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 6000) / 10} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}
