import { describe, expect, it } from '@jest/globals';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive } from '../support/workflows.js';

const stack = useRunStack();

describe('a step receives its config interpolated and parsed with its step type schema', () => {
  it('a placeholder whose value the schema refuses fails the step with invalid_config, before any activity', async () => {
    const { token } = await createUserWithToken(stack.database.db, ['admin']);
    const workflow = await createActive(stack.api, token, {
      name: `config parsed ${Date.now()}`,
      description: '',
      category: 'general',
      trigger: { types: ['manual'] },
      variables: [{ name: 'amount', type: 'number', required: true }],
      onError: 'stop',
      debugLogging: false,
      steps: [
        { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'tell' }] },
        {
          id: 'tell',
          name: 'Tell',
          type: 'notification',
          config: { recipientId: '{{amount}}', message: 'Amount {{amount}}' },
          transitions: [{ on: 'success', goto: 'end' }],
        },
        { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
      ],
    });
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token,
      body: { variables: { amount: 42 } },
    });
    expect(started.status).toBe(201);
    const failed = await waitForRun(stack.api, token, started.body.id, hasStatus('failed'));
    expect(failed.error).toEqual({
      code: 'invalid_config',
      message: expect.stringMatching(/^Step tell config: recipientId: /),
    });
    expect(failed.steps.at(-1)).toEqual(
      expect.objectContaining({ stepId: 'tell', status: 'failed', outcome: 'error' }),
    );
    expect(await stack.database.db.notification.count({ where: { runId: started.body.id } })).toBe(0);
  });
});
