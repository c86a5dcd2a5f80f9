import { ApplicationFailure } from '@temporalio/activity';
import type { Database } from '../db/client.js';
import { jsonObject } from '../domain/common.js';
import { approvalStatus, taskStatus, type ApprovalStatus, type TaskStatus } from './people-steps.js';

/** A record the step opened is gone: no retry brings it back (the step fails). */
const missing = (what: string) => ApplicationFailure.nonRetryable(`${what} does not exist`, 'RecordMissing');

/**
 * What the database holds for an approval or task whose decision or completion was signalled
 * (workflows/steps/confirmed-wait.ts). The API signals before it commits, holding the record's
 * row lock, so `FOR SHARE` waits for that transaction to end: a change it rolled back leaves the
 * record open. Run as local activities: one read, which normally waits only for that commit.
 */
export function createPeopleConfirmationActivities(db: Database) {
  return {
    async confirmApprovalDecision(input: { approvalId: string }): Promise<{ status: ApprovalStatus }> {
      const [approval] = await db.$queryRaw<Array<{ status: string }>>`
        SELECT status FROM approvals WHERE id = ${input.approvalId}::uuid FOR SHARE`;
      if (!approval) throw missing(`Approval ${input.approvalId}`);
      return { status: approvalStatus.parse(approval.status) };
    },

    async confirmTaskCompletion(input: {
      taskId: string;
    }): Promise<{ status: TaskStatus; result: Record<string, unknown> | null }> {
      const [task] = await db.$queryRaw<Array<{ status: string; result: unknown }>>`
        SELECT status, result FROM tasks WHERE id = ${input.taskId}::uuid FOR SHARE`;
      if (!task) throw missing(`Task ${input.taskId}`);
      return { status: taskStatus.parse(task.status), result: jsonObject.nullable().parse(task.result) };
    },
  };
}

export type PeopleConfirmationActivities = ReturnType<typeof createPeopleConfirmationActivities>;
