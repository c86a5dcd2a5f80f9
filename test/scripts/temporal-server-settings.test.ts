import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import proto from '@temporalio/proto';
import { stackValue } from '../support/stack.js';

// A CommonJS module whose exports Node cannot name statically; take them off the default export.
const { temporal } = proto;
const { CommandType, TaskQueueKind } = temporal.api.enums.v1;

// The Temporal the suite runs on (the dev server started like `npm start` starts it) has the
// settings docker-compose.yml gives its Temporal. Checked through the server's own answers: a
// workflow task completed by hand, scheduling an activity with eager execution requested, gets
// that activity back in the answer only when the server allows eager activities.

let connection: Connection;
beforeAll(async () => {
  connection = await Connection.connect({ address: stackValue('temporalAddress') });
});
afterAll(async () => {
  await connection.close();
});

describe('Temporal server settings', () => {
  it('gives a worker the activity it schedules with eager execution requested in the same answer', async () => {
    const service = connection.workflowService;
    const namespace = 'default';
    const taskQueue = { name: `eager-probe-${randomUUID()}`, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL };
    const workflowId = `eager-probe-${randomUUID()}`;
    const withDeadline = <T>(call: () => Promise<T>) => connection.withDeadline(Date.now() + 10_000, call);
    await withDeadline(() =>
      service.startWorkflowExecution({
        namespace,
        workflowId,
        workflowType: { name: 'eagerProbe' },
        taskQueue,
        requestId: randomUUID(),
        identity: 'settings-test',
      }),
    );
    try {
      const task = await withDeadline(() =>
        service.pollWorkflowTaskQueue({ namespace, taskQueue, identity: 'settings-test' }),
      );
      expect(task.workflowExecution?.workflowId).toBe(workflowId);
      const answer = await withDeadline(() =>
        service.respondWorkflowTaskCompleted({
          namespace,
          taskToken: task.taskToken,
          identity: 'settings-test',
          commands: [
            {
              commandType: CommandType.COMMAND_TYPE_SCHEDULE_ACTIVITY_TASK,
              scheduleActivityTaskCommandAttributes: {
                activityId: 'probe',
                activityType: { name: 'probe' },
                taskQueue,
                startToCloseTimeout: msToTs('10s'),
                requestEagerExecution: true,
              },
            },
          ],
        }),
      );
      expect(answer.activityTasks?.map((activity) => activity.activityId)).toEqual(['probe']);
    } finally {
      await withDeadline(() =>
        service.terminateWorkflowExecution({ namespace, workflowExecution: { workflowId }, reason: 'probe done' }),
      );
    }
  });
});
