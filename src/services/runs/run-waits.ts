import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import { isDuration, parseDuration } from '../../domain/duration.js';
import { workflowDefinitionInputSchema } from '../../domain/workflow-definition.js';

/** Whom an open approval or task of a run waits for, and until when. */
export const runWaitSchema = z
  .object({
    kind: z.enum(['approval', 'task']),
    id: z.uuid().describe('The approval or task'),
    stepId: z.string(),
    sequence: z.number().int(),
    users: z
      .array(z.object({ id: z.uuid(), displayName: z.string().nullable() }))
      .describe('The users it is addressed to by name'),
    roles: z.array(z.string()).describe('The roles whose holders may act on it'),
    requiredApprovals: z.number().int().nullable().describe('Approvals: decisions needed to approve'),
    dueAt: z.date().nullable().describe("When it times out (the step's timeout), if it has one"),
    escalatesAt: z
      .date()
      .nullable()
      .describe("Approvals: when the step's escalation adds approvers or notifies (past: it has)"),
  })
  .meta({ id: 'RunWait' });
export type RunWait = z.output<typeof runWaitSchema>;

/**
 * The open approvals and tasks of a run, each with the people it waits for and its deadlines,
 * so the run page and the diagnosis can say whom a waiting run waits for.
 */
export async function runWaits(
  db: DatabaseClient,
  run: { id: string; definitionSnapshot: unknown },
): Promise<RunWait[]> {
  const [approvals, tasks] = await Promise.all([
    db.approval.findMany({ where: { runId: run.id, status: 'pending' }, orderBy: { sequence: 'asc' } }),
    db.task.findMany({ where: { runId: run.id, status: 'open' }, orderBy: { sequence: 'asc' } }),
  ]);
  if (approvals.length + tasks.length === 0) return [];
  const userIds = [
    ...new Set([
      ...approvals.flatMap((approval) => approval.approverUserIds),
      ...tasks.flatMap((task) => (task.assigneeUserId ? [task.assigneeUserId] : [])),
    ]),
  ];
  const users = new Map(
    (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, displayName: true } })).map(
      (user) => [user.id, user],
    ),
  );
  const person = (id: string) => users.get(id) ?? { id, displayName: null };
  const escalationAfter = escalationDelays(run.definitionSnapshot);
  return [
    ...approvals.map((approval) => {
      const after = escalationAfter.get(approval.stepId);
      const escalatesAt = after === undefined ? null : new Date(approval.createdAt.getTime() + after);
      return {
        kind: 'approval' as const,
        id: approval.id,
        stepId: approval.stepId,
        sequence: approval.sequence,
        users: approval.approverUserIds.map(person),
        roles: approval.approverRoles,
        requiredApprovals: approval.requiredApprovals,
        dueAt: approval.dueAt,
        // The step escalates only when the escalation comes before its timeout.
        escalatesAt: escalatesAt && (!approval.dueAt || escalatesAt < approval.dueAt) ? escalatesAt : null,
      };
    }),
    ...tasks.map((task) => ({
      kind: 'task' as const,
      id: task.id,
      stepId: task.stepId,
      sequence: task.sequence,
      users: task.assigneeUserId ? [person(task.assigneeUserId)] : [],
      roles: task.assigneeRole ? [task.assigneeRole] : [],
      requiredApprovals: null,
      dueAt: task.dueAt,
      escalatesAt: null,
    })),
  ].sort((a, b) => a.sequence - b.sequence);
}

/** The escalation delay of each approval step of the run's definition, in milliseconds. */
function escalationDelays(snapshot: unknown): Map<string, number> {
  const parsed = workflowDefinitionInputSchema.safeParse(snapshot);
  const delays = new Map<string, number>();
  if (!parsed.success) return delays;
  for (const step of parsed.data.steps) {
    const after = (step.config.escalation as { after?: unknown } | undefined)?.after;
    if (step.type === 'approval' && typeof after === 'string' && isDuration(after))
      delays.set(step.id, parseDuration(after));
  }
  return delays;
}
