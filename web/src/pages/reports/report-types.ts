/** The report routes' shapes (OpenAPI `WorkflowStatsReport`, `SlaComplianceReport`, `ApproverPerformanceReport`). */

export const RUN_STATUS_ORDER = ['completed', 'failed', 'cancelled', 'running', 'waiting', 'pending'] as const;

export interface WorkflowStatsEntry {
  total: number;
  byStatus: Record<(typeof RUN_STATUS_ORDER)[number], number>;
  successRate: number | null;
  medianDurationMs: number | null;
  p95DurationMs: number | null;
}

export interface WorkflowStatsReport {
  overall: WorkflowStatsEntry;
  perDefinition: Array<WorkflowStatsEntry & { definitionId: string; definitionName: string }>;
}

export interface SlaCounts {
  met: number;
  missed: number;
  open: number;
  rate: number | null;
}

export interface SlaComplianceReport {
  defaultSlaHours: number;
  approvals: SlaCounts;
  tasks: SlaCounts;
  overall: SlaCounts;
  perDefinition: Array<{ definitionId: string; definitionName: string; approvals: SlaCounts; tasks: SlaCounts }>;
}

export interface ApproverPerformanceReport {
  approvers: Array<{
    userId: string;
    email: string | null;
    decided: number;
    approved: number;
    rejected: number;
    medianTimeToDecideMs: number | null;
    pending: number;
  }>;
}

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
