import { z } from 'zod';
import { jsonColumn, type Database } from '../db/client.js';
import { jsonObject } from '../domain/common.js';
import { ROLES, isRole } from '../permissions/permissions.js';
import { isRunSelf, type Person } from '../services/runs/run-self.js';
import { resolvePeople, type ResolvedPeople } from '../services/runs/resolve-people.js';

export interface OpenApprovalInput {
  runId: string;
  sequence: number;
  stepId: string;
  stepName: string;
  approvers: string[];
  mode: 'any' | 'all' | { atLeast: number };
  allowSelfApproval: boolean;
  message?: string;
  timeoutMs?: number;
}

export interface OpenTaskInput {
  runId: string;
  sequence: number;
  stepId: string;
  title: string;
  instructions?: string;
  assignee: string;
  fields: Array<{ name: string; type: string; label?: string; required: boolean; choices?: string[] }>;
  timeoutMs?: number;
}

export const approvalStatus = z.enum(['pending', 'approved', 'rejected', 'timed_out', 'cancelled']);
export const taskStatus = z.enum(['open', 'completed', 'timed_out', 'cancelled']);
export type ApprovalStatus = z.output<typeof approvalStatus>;
export type TaskStatus = z.output<typeof taskStatus>;

/**
 * Approvals and tasks: the records people act on. Opening is idempotent per run and step
 * execution; closing only changes a record that is still open, and reports the final state, so a
 * decision that raced a timeout wins if it was recorded first.
 */
export function createPeopleStepActivities(db: Database) {
  /**
   * Who of `people` may decide an approval of the run: all of them when the step allows
   * self-approval, otherwise all but the run's starter and subject (`isRunSelf`).
   */
  async function whoMayDecide(input: OpenApprovalInput, people: Person[]): Promise<Person[]> {
    if (input.allowSelfApproval || people.length === 0) return people;
    const run = await db.workflowRun.findUniqueOrThrow({
      where: { id: input.runId },
      select: { startedBy: true, initiatedBy: true, subject: true },
    });
    return people.filter((person) => !isRunSelf(run, person));
  }

  /** The users holding any of `roles` now. */
  const roleHolders = (roles: string[]): Promise<Person[]> =>
    db.user.findMany({
      where: { roles: { hasSome: roles }, deletedAt: null, active: true },
      select: { id: true, email: true },
    });

  /**
   * Why `people` name nobody who could act on an approval or task, or undefined when they name
   * someone: an entry that is no active user's id or email and no role, or only roles that no
   * active user holds. A step opened for nobody would wait for ever, in no inbox.
   */
  async function nobodyToAsk(people: ResolvedPeople, what: string): Promise<string | undefined> {
    const unknown = [...people.unknown, ...people.roles.filter((role) => !isRole(role))];
    if (unknown.length > 0) {
      const named = unknown.map((entry) => `"${entry}"`).join(', ');
      return `${what}: ${named} ${unknown.length === 1 ? 'is' : 'are'} neither an active user's id or email nor a role (${ROLES.join(', ')}), so nobody would be asked`;
    }
    if (people.users.length > 0) return undefined;
    const holders = await db.user.count({ where: { roles: { hasSome: people.roles }, deletedAt: null, active: true } });
    if (holders > 0) return undefined;
    return `${what}: no active user holds the role${people.roles.length === 1 ? '' : 's'} ${people.roles.join(', ')}, so nobody would be asked`;
  }

  return {
    async openApproval(
      input: OpenApprovalInput,
    ): Promise<{ approvalId: string; status: ApprovalStatus; problem?: string }> {
      const people = await resolvePeople(db, input.approvers);
      const nobody = await nobodyToAsk(people, 'Approvers');
      if (nobody) return { approvalId: '', status: 'cancelled', problem: nobody };
      // `all` needs every approver: roles are expanded to the users holding them when it opens,
      // and the run's starter and subject are left out, named or holding a role, when they may
      // not decide (they would hold it for ever). The other modes keep the users named: one who
      // is the subject now may decide once the subject has changed.
      const expandRoles = input.mode === 'all' && people.roles.length > 0;
      const named = expandRoles ? [...people.users, ...(await roleHolders(people.roles))] : people.users;
      const listed = input.mode === 'all' ? await whoMayDecide(input, named) : named;
      const userIds = [...new Set(listed.map((user) => user.id))];
      const roles = input.mode === 'all' ? [] : people.roles;
      const required = input.mode === 'all' ? userIds.length : input.mode === 'any' ? 1 : input.mode.atLeast;
      if (required === 0 || (userIds.length === 0 && roles.length === 0)) {
        const problem =
          named.length > 0
            ? "The approval has no approvers who may decide it: the run's starter and subject may not approve their own run unless the step sets allowSelfApproval"
            : 'The approval has no approvers';
        return { approvalId: '', status: 'cancelled', problem };
      }
      const approval = await db.approval.upsert({
        where: { runId_sequence: { runId: input.runId, sequence: input.sequence } },
        create: {
          runId: input.runId,
          sequence: input.sequence,
          stepId: input.stepId,
          stepName: input.stepName,
          approverUserIds: userIds,
          approverRoles: roles,
          requiredApprovals: required,
          mode: typeof input.mode === 'string' ? input.mode : `atLeast:${input.mode.atLeast}`,
          allowSelfApproval: input.allowSelfApproval,
          message: input.message ?? null,
          dueAt: input.timeoutMs ? new Date(Date.now() + input.timeoutMs) : null,
        },
        update: {},
      });
      return { approvalId: approval.id, status: approvalStatus.parse(approval.status) };
    },

    /** Adds approvers when an approval escalates; a decided approval is left alone. */
    async escalateApproval(input: { approvalId: string; addApprovers: string[] }): Promise<void> {
      const people = await resolvePeople(db, input.addApprovers);
      const approval = await db.approval.findUniqueOrThrow({ where: { id: input.approvalId } });
      if (approval.status !== 'pending') return;
      await db.approval.update({
        where: { id: input.approvalId },
        data: {
          approverUserIds: [...new Set([...approval.approverUserIds, ...people.users.map((user) => user.id)])],
          // An escalation only adds: entries that name nobody are left out, not a reason to fail.
          approverRoles: [...new Set([...approval.approverRoles, ...people.roles.filter(isRole)])],
        },
      });
    },

    async closeApproval(input: {
      approvalId: string;
      status: 'timed_out' | 'cancelled';
    }): Promise<{ status: ApprovalStatus }> {
      await db.approval.updateMany({
        where: { id: input.approvalId, status: 'pending' },
        data: { status: input.status, decidedAt: new Date() },
      });
      const approval = await db.approval.findUniqueOrThrow({
        where: { id: input.approvalId },
        select: { status: true },
      });
      return { status: approvalStatus.parse(approval.status) };
    },

    async openTask(input: OpenTaskInput): Promise<{ taskId: string; status: TaskStatus; problem?: string }> {
      const people = await resolvePeople(db, [input.assignee]);
      const nobody = await nobodyToAsk(people, 'Assignee');
      if (nobody) return { taskId: '', status: 'cancelled', problem: nobody };
      const task = await db.task.upsert({
        where: { runId_sequence: { runId: input.runId, sequence: input.sequence } },
        create: {
          runId: input.runId,
          sequence: input.sequence,
          stepId: input.stepId,
          title: input.title,
          instructions: input.instructions ?? null,
          assigneeUserId: people.users[0]?.id ?? null,
          assigneeRole: people.users.length === 0 ? (people.roles[0] ?? null) : null,
          fields: jsonColumn(input.fields),
          dueAt: input.timeoutMs ? new Date(Date.now() + input.timeoutMs) : null,
        },
        update: {},
      });
      return { taskId: task.id, status: taskStatus.parse(task.status) };
    },

    async closeTask(input: {
      taskId: string;
      status: 'timed_out' | 'cancelled';
    }): Promise<{ status: TaskStatus; result: Record<string, unknown> | null }> {
      await db.task.updateMany({ where: { id: input.taskId, status: 'open' }, data: { status: input.status } });
      const task = await db.task.findUniqueOrThrow({
        where: { id: input.taskId },
        select: { status: true, result: true },
      });
      return {
        status: taskStatus.parse(task.status),
        result: jsonObject.nullable().parse(task.result),
      };
    },
  };
}

export type PeopleStepActivities = ReturnType<typeof createPeopleStepActivities>;
