import { describe, expect, it } from '@jest/globals';
import { Worker } from '@temporalio/worker';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { DefinitionIdAttribute, RunStatusAttribute } from '../../src/temporal/search-attributes.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';
import { createActive } from '../support/workflows.js';
import { connectSuiteTemporal } from '../support/app.js';

const stack = useRunStack();

describe('workflow code stays deterministic', () => {
  it('replays the recorded history of a finished run with the current workflow code (and the run is findable in Temporal)', async () => {
    const { token, user } = await createUserWithToken(stack.database.db, ['admin']);
    const workflow = await createActive(stack.api, token, {
      name: 'Replayed',
      description: '',
      category: 'general',
      trigger: { types: ['manual'] },
      variables: [{ name: 'amount', type: 'number', required: true }],
      onError: 'skip',
      debugLogging: false,
      steps: [
        { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'big' }] },
        {
          id: 'big',
          name: 'Big?',
          type: 'condition',
          config: { expression: 'amount > 100' },
          transitions: [
            { on: 'true', goto: 'wait' },
            { on: 'false', goto: 'end' },
          ],
        },
        {
          id: 'wait',
          name: 'Wait',
          type: 'delay',
          config: { duration: '1s' },
          transitions: [{ on: 'success', goto: 'tables' }],
        },
        {
          id: 'tables',
          name: 'Tables',
          type: 'connector',
          config: { connector: 'test-db', command: 'list-tables', parameters: {} },
          transitions: [{ on: 'success', goto: 'broken' }],
        },
        {
          id: 'broken',
          name: 'Broken',
          type: 'connector',
          config: { connector: 'test-db', command: 'list-tables', parameters: {}, simulateFailure: true },
          transitions: [{ on: 'success', goto: 'tell' }],
        },
        {
          id: 'tell',
          name: 'Tell',
          type: 'notification',
          config: { recipientId: user.id, message: 'Done: {{amount}}' },
          transitions: [{ on: 'success', goto: 'end' }],
        },
        { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
      ],
    });
    const run = (
      await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token,
        body: { variables: { amount: 250 } },
      })
    ).body;
    const finished = await waitForRun(stack.api, token, run.id, hasStatus('completed'));
    expect(finished.steps.map((step: { stepId: string }) => step.stepId)).toEqual([
      'start',
      'big',
      'wait',
      'tables',
      'broken',
      'tell',
      'end',
    ]);

    const temporal = await connectSuiteTemporal();
    try {
      const handle = temporal.client.workflow.getHandle(runWorkflowId(run.id));
      // The projection says completed a moment before the workflow task that closes the execution
      // (and upserts its status attribute) is done.
      await handle.result();
      const description = await handle.describe();
      expect(description.typedSearchAttributes.get(RunStatusAttribute)).toBe('completed');
      expect(description.typedSearchAttributes.get(DefinitionIdAttribute)).toBe(workflow.id);
      expect(await description.memo).toEqual({ definitionName: 'Replayed', definitionVersion: 1 });
      const history = await handle.fetchHistory();
      await expect(
        Worker.runReplayHistory(
          { workflowBundle: { codePath: stackValue('workflowBundle') } },
          history,
          runWorkflowId(run.id),
        ),
      ).resolves.toBeUndefined();
    } finally {
      await temporal.close();
    }
  });
});
