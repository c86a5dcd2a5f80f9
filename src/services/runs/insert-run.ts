import { randomUUID } from 'node:crypto';
import { auditRow, type AuditEntry } from '../../audit/record-audit.js';
import type { DatabaseClient, Prisma } from '../../db/client.js';
import type { RunRow } from './run-record.js';

/** The columns of a new run that its starter decides; the others start empty. */
export type NewRun = Pick<
  RunRow,
  | 'id'
  | 'definitionId'
  | 'definitionName'
  | 'definitionVersion'
  | 'isTestRun'
  | 'subject'
  | 'startedBy'
  | 'initiatedBy'
  | 'temporalWorkflowId'
> & { definitionSnapshot: Prisma.InputJsonValue; variables: Prisma.InputJsonValue };

/**
 * Writes a pending run and its audit entry in one statement (two data-modifying CTEs): they
 * commit together without BEGIN and COMMIT of their own, one round trip instead of four on the
 * path of every start. Inside a caller's transaction it is part of that transaction. Returns the
 * row as written, which is what a run has until its workflow's first projection write.
 */
export async function insertRunWithAudit(db: DatabaseClient, run: NewRun, audit: AuditEntry): Promise<RunRow> {
  const entry = auditRow(audit);
  // Timestamps come from this process, like those Prisma writes, not from the database's clock.
  const now = new Date();
  await db.$executeRaw`
    WITH run AS (
      INSERT INTO workflow_runs (id, definition_id, definition_name, definition_version, definition_snapshot,
        is_test_run, status, variables, subject, started_by, initiated_by, temporal_workflow_id, started_at, updated_at)
      VALUES (${run.id}::uuid, ${run.definitionId}::uuid, ${run.definitionName}, ${run.definitionVersion},
        ${JSON.stringify(run.definitionSnapshot)}::jsonb, ${run.isTestRun}, 'pending',
        ${JSON.stringify(run.variables)}::jsonb, ${run.subject}, ${run.startedBy}::uuid, ${run.initiatedBy}::uuid,
        ${run.temporalWorkflowId},
        ${now}, ${now})
    )
    INSERT INTO audit_logs (id, action, actor_type, actor_id, target_type, target_id, metadata, request_id, created_at)
    VALUES (${randomUUID()}::uuid, ${entry.action}, ${entry.actorType}, ${entry.actorId}, ${entry.targetType ?? null},
      ${entry.targetId ?? null}, ${JSON.stringify(entry.metadata)}::jsonb, ${entry.requestId ?? null}, ${now})`;
  return {
    ...run,
    status: 'pending',
    currentStepId: null,
    failedStepId: null,
    error: null,
    startedAt: now,
    completedAt: null,
    updatedAt: now,
    steps: [],
  } as RunRow;
}
