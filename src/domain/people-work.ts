import { z } from 'zod';
import { taskFieldSchema } from './step-types.js';

/** One approver's decision on an approval. */
export const approvalDecisionSchema = z
  .object({
    id: z.uuid(),
    approvalId: z.uuid(),
    userId: z.uuid(),
    decision: z.enum(['approve', 'reject']),
    comment: z.string().nullable(),
    decidedAt: z.date(),
  })
  .meta({ id: 'ApprovalDecision' });

/** An approval step's request as the approval lists answer it, with the decisions so far. */
export const approvalSchema = z
  .object({
    id: z.uuid(),
    runId: z.uuid(),
    sequence: z.number().int(),
    stepId: z.string(),
    stepName: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'timed_out', 'cancelled']),
    approverUserIds: z.array(z.uuid()),
    approverRoles: z.array(z.string()),
    requiredApprovals: z.number().int().describe('Decisions needed to approve: 1 for any, all approvers for all'),
    mode: z.string(),
    allowSelfApproval: z.boolean(),
    message: z.string().nullable(),
    dueAt: z.date().nullable(),
    decidedAt: z.date().nullable(),
    createdAt: z.date(),
    decisions: z.array(approvalDecisionSchema),
  })
  .meta({ id: 'Approval' });

/** A task step's form as the task lists answer it; a completed task's answers concealed as run variables are. */
export const taskSchema = z
  .object({
    id: z.uuid(),
    runId: z.uuid(),
    sequence: z.number().int(),
    stepId: z.string(),
    title: z.string(),
    instructions: z.string().nullable(),
    assigneeUserId: z.uuid().nullable(),
    assigneeRole: z.string().nullable(),
    fields: z.array(taskFieldSchema),
    status: z.enum(['open', 'completed', 'timed_out', 'cancelled']),
    result: z.record(z.string(), z.unknown()).nullable(),
    completedBy: z.uuid().nullable(),
    completedAt: z.date().nullable(),
    dueAt: z.date().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: 'Task' });
