import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import proto from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { jsonColumn } from '../../src/db/client.js';
import type { RunWorkflowInput } from '../../src/domain/run.js';
import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';
import { connectSuiteTemporal } from '../support/app.js';

const stack = useRunStack();

/**
 * Every start refuses definitions the interpreter cannot run, so this starts the run's workflow
 * the way the service does but without that check: the interpreter itself must cope.
 */
async function startUnchecked(definition: WorkflowDefinitionInput) {
  const runId = randomUUID();
  const input: RunWorkflowInput = {
    runId,
    definitionId: randomUUID(),
    definition,
    variables: {},
    startedBy: null,
    subject: null,
  };
  await stack.database.db.workflowRun.create({
    data: {
      id: runId,
      definitionId: input.definitionId,
      definitionName: definition.name,
      definitionVersion: 0,
      definitionSnapshot: jsonColumn(definition),
      isTestRun: true,
      status: 'pending',
      variables: jsonColumn({}),
      temporalWorkflowId: runWorkflowId(runId),
    },
  });
  const temporal = await connectSuiteTemporal();
  await temporal.client.workflow.start('runWorkflow', {
    workflowId: runWorkflowId(runId),
    taskQueue: stack.taskQueue,
    args: [input],
  });
  return { runId, temporal };
}

describe('an invariant broken inside the workflow fails the run, never the workflow task', () => {
  it('a definition without a start step ends as a failed run with a diagnosis and a failed, replayable execution', async () => {
    const { token } = await createUserWithToken(stack.database.db, ['admin']);
    const { runId, temporal } = await startUnchecked({
      name: 'No start',
      description: '',
      category: 'general',
      trigger: { types: ['manual'] },
      variables: [],
      steps: [{ id: 'end', name: 'End', type: 'end', config: {}, transitions: [] }],
      onError: 'stop',
      debugLogging: false,
    });
    try {
      const failed = await waitForRun(stack.api, token, runId, hasStatus('failed'));
      expect(failed.error).toEqual({
        code: 'internal_error',
        message: 'The run stopped on an internal error and cannot be resumed: The definition has no start step',
      });
      expect(failed.completedAt).not.toBeNull();

      const diagnosis = await stack.api.request('GET', `/api/runs/${runId}/diagnose`, { token });
      expect(diagnosis.status).toBe(200);
      expect(diagnosis.body.run.error.message).toContain('no start step');
      expect(diagnosis.body.suggestedActions).toEqual([
        { action: 'fix_workflow', reason: expect.stringContaining('cannot be retried or skipped') },
      ]);

      const handle = temporal.client.workflow.getHandle(runWorkflowId(runId));
      const result = await handle.result().catch((error: unknown) => error);
      expect(result).toMatchObject({ cause: { type: 'RunAbandoned', nonRetryable: true } });
      expect((await handle.describe()).status.name).toBe('FAILED');
      const history = await handle.fetchHistory();
      const taskFailures = (history.events ?? []).filter(
        (event) => event.eventType === proto.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED,
      );
      expect(taskFailures).toEqual([]);
      await expect(
        Worker.runReplayHistory({ workflowBundle: { codePath: stackValue('workflowBundle') } }, history, runId),
      ).resolves.toBeUndefined();

      for (const action of ['retry', 'skip', 'cancel']) {
        const refused = await stack.api.request('POST', `/api/runs/${runId}/${action}`, { token });
        expect([action, refused.status, refused.body.message]).toEqual([
          action,
          409,
          expect.stringContaining('execution has ended'),
        ]);
      }
      expect(await stack.database.db.auditLog.count({ where: { action: 'run.cancel_requested' } })).toBe(0);
    } finally {
      await temporal.close();
    }
  });
});
