import { z } from 'zod';
import { isUniqueViolation, jsonColumn, limitLockWait, type DatabaseClient } from '../../db/client.js';
import { taskFieldSchema, type TaskField } from '../../domain/step-types.js';
import { workflowDefinitionInputSchema } from '../../domain/workflow-definition.js';
import { AppError, conflict, notFound, validationFailed } from '../../errors/index.js';
import { can, type Principal } from '../../permissions/index.js';
import { transactionAroundTemporalCall } from '../../temporal/client.js';
import { approvalDecidedSignal, taskCompletedSignal } from '../../temporal/messages.js';
import { auditChange, type Caller } from '../caller.js';
import { requireOpenExecution, whileExecutionIsOpen } from './run-execution.js';
import { isRunSelf } from './run-self.js';
import { concealTask, sealSecretVariables, secretVariableNames } from './secret-variables.js';
import { runSecretKey, subjectOf, type RunsContext } from './start-run.js';

/** Whether `principal` is one of the approval's approvers (listed, or holding a listed role). */
export function isEligibleApprover(
  approval: { approverUserIds: string[]; approverRoles: string[] },
  principal: Principal,
): boolean {
  return (
    approval.approverUserIds.includes(principal.userId) ||
    approval.approverRoles.some((role) => (principal.roles as string[]).includes(role))
  );
}

/**
 * How long a decision or completion waits for a lock another request holds (another decision on
 * the same approval holds its row through its Temporal call) before the 409 of a lock not
 * available: the wait stays inside the transaction's budget, with the Temporal call still to come.
 */
const PEOPLE_LOCK_WAIT_MS = 1_000;

/**
 * Records a decision. The database transaction is the arbiter: it locks the approval, refuses
 * callers who are neither approvers nor holders of `approval:decide_any` (403), self-approval by the run's starter or subject unless allowed (403)
 * and decisions on decided approvals (409), counts the decisions against the mode, and signals
 * the workflow before committing, so the decision is durable in both places when this returns.
 * A decision that does not settle the approval is recorded only while the execution runs (409).
 * Should the transaction fail after the signal went out, the workflow drops the signal: it
 * confirms each one against the database (workflows/steps/confirmed-wait.ts).
 */
export async function decideApproval(
  context: RunsContext,
  caller: Caller,
  approvalId: string,
  decision: { decision: 'approve' | 'reject'; comment?: string },
) {
  const { db, temporal } = context;
  try {
    return await db.$transaction(async (tx) => {
      await limitLockWait(tx, PEOPLE_LOCK_WAIT_MS);
      const locked = await tx.$queryRaw<
        Array<{ id: string }>
      >`SELECT id FROM approvals WHERE id = ${approvalId}::uuid FOR UPDATE`;
      if (locked.length === 0) throw notFound('Approval');
      const approval = await tx.approval.findUniqueOrThrow({
        where: { id: approvalId },
        include: { run: true, decisions: true },
      });
      if (!isEligibleApprover(approval, caller.principal) && !can(caller.principal, 'approval:decide_any'))
        throw new AppError(
          'forbidden',
          'You are not an approver of this approval (deciding for others needs approval:decide_any)',
        );
      const self = isRunSelf(approval.run, { id: caller.principal.userId, email: caller.principal.email });
      if (self && !approval.allowSelfApproval) {
        throw new AppError(
          'forbidden',
          'You cannot decide an approval of a run you started (or set up its schedule or webhook) or that is about you',
        );
      }
      if (approval.status !== 'pending') throw conflict(`The approval is already ${approval.status}`);
      await tx.approvalDecision.create({
        data: {
          approvalId,
          userId: caller.principal.userId,
          decision: decision.decision,
          comment: decision.comment ?? null,
        },
      });
      const approvals =
        approval.decisions.filter((item) => item.decision === 'approve').length +
        (decision.decision === 'approve' ? 1 : 0);
      const outcome =
        decision.decision === 'reject' ? 'rejected' : approvals >= approval.requiredApprovals ? 'approved' : undefined;
      if (outcome)
        await tx.approval.update({ where: { id: approvalId }, data: { status: outcome, decidedAt: new Date() } });
      await auditChange(
        tx,
        caller,
        'approval.decided',
        { type: 'approval', id: approvalId },
        {
          runId: approval.runId,
          decision: decision.decision,
          outcome: outcome ?? 'pending',
        },
      );
      if (outcome)
        await whileExecutionIsOpen(temporal, () =>
          temporal.workflow
            .getHandle(approval.run.temporalWorkflowId)
            .signal(approvalDecidedSignal, { approvalId, outcome }),
        );
      else await requireOpenExecution(temporal, approval.run.temporalWorkflowId);
      return tx.approval.findUniqueOrThrow({ where: { id: approvalId }, include: { decisions: true } });
    }, transactionAroundTemporalCall(temporal));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You have already decided this approval');
    throw error;
  }
}

const FIELD_TYPES = {
  string: z.string(),
  number: z.number(),
  boolean: z.boolean(),
  date: z.iso.date().or(z.iso.datetime({ offset: true })),
} as const;

const taskFields = z.array(taskFieldSchema);

/** What a completion may give for `field`: its type, or one of its choices; optional unless required. */
function fieldValueSchema(field: TaskField) {
  const value = field.choices ? z.enum(field.choices) : FIELD_TYPES[field.type];
  return field.required ? value : value.optional();
}

const subjectVariableOf = z.object({ subjectVariable: z.string().nullish() });

/**
 * Keeps the run's subject on its variable when a task's values overwrite that variable, as an
 * edit of the variables does: who may not decide the run's approvals depends on it, so it changes
 * with the completion, not later when the workflow's projection catches up.
 */
async function followSubject(
  tx: DatabaseClient,
  run: { id: string; definitionSnapshot: unknown },
  values: Record<string, unknown>,
) {
  const { subjectVariable } = subjectVariableOf.parse(run.definitionSnapshot);
  if (!subjectVariable || !Object.hasOwn(values, subjectVariable)) return;
  await tx.workflowRun.update({ where: { id: run.id }, data: { subject: subjectOf(subjectVariable, values) } });
}

/**
 * Completes a task with the values its fields declare (400 listing what is missing or wrong),
 * records them, and signals the workflow, which merges them into the run variables.
 */
export async function completeTask(
  context: RunsContext,
  caller: Caller,
  taskId: string,
  values: Record<string, unknown>,
) {
  const { db, temporal } = context;
  return db.$transaction(async (tx) => {
    await limitLockWait(tx, PEOPLE_LOCK_WAIT_MS);
    const locked = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM tasks WHERE id = ${taskId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound('Task');
    const task = await tx.task.findUniqueOrThrow({ where: { id: taskId }, include: { run: true } });
    const assigned =
      task.assigneeUserId === caller.principal.userId ||
      (task.assigneeRole !== null && (caller.principal.roles as string[]).includes(task.assigneeRole));
    if (!assigned && !can(caller.principal, 'task:complete_any'))
      throw new AppError(
        'forbidden',
        'This task is assigned to someone else (completing it for them needs task:complete_any)',
      );
    if (task.status !== 'open') throw conflict(`The task is already ${task.status}`);
    const fields = taskFields.parse(task.fields);
    const shape = Object.fromEntries(fields.map((field) => [field.name, fieldValueSchema(field)]));
    const parsed = z.object(shape).strict().safeParse(values);
    if (!parsed.success) {
      throw validationFailed(
        `Task values are not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'values'}: ${issue.message}`).join('; ')}`,
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    await followSubject(tx, task.run, parsed.data);
    // Answers for secret variables (or named like credentials) are sealed before they are kept
    // or signalled, as a start seals secret variables.
    const declared = secretVariableNames(workflowDefinitionInputSchema.parse(task.run.definitionSnapshot).variables);
    const kept = sealSecretVariables(
      fields.map((field) => ({ name: field.name, secret: declared.has(field.name) })),
      parsed.data,
      task.runId,
      runSecretKey(context),
    );
    await tx.task.update({
      where: { id: taskId },
      data: {
        status: 'completed',
        result: jsonColumn(kept),
        completedBy: caller.principal.userId,
        completedAt: new Date(),
      },
    });
    await auditChange(
      tx,
      caller,
      'task.completed',
      { type: 'task', id: taskId },
      { runId: task.runId, fields: Object.keys(parsed.data) },
    );
    await whileExecutionIsOpen(temporal, () =>
      temporal.workflow.getHandle(task.run.temporalWorkflowId).signal(taskCompletedSignal, { taskId, values: kept }),
    );
    return concealTask(await tx.task.findUniqueOrThrow({ where: { id: taskId } }));
  }, transactionAroundTemporalCall(temporal));
}
