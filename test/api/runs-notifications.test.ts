import { afterAll, describe, expect, it } from '@jest/globals';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { createUserWithToken } from '../support/users.js';
import { createActive } from '../support/workflows.js';

const smtp = await startSmtpSink();
const stack = useRunStack({
  env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, SMTP_FROM: 'Flowgate <flows@example.test>' },
});

afterAll(() => smtp.close());

describe('notification steps', () => {
  it('store an in-app notification and send an escaped HTML and text email when SMTP is configured', async () => {
    const { token, user } = await createUserWithToken(stack.database.db, ['admin']);
    const workflow = await createActive(stack.api, token, {
      name: 'Notify',
      description: '',
      category: 'general',
      trigger: { types: ['manual'] },
      variables: [{ name: 'note', type: 'string', required: true }],
      onError: 'stop',
      debugLogging: false,
      steps: [
        { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'tell' }] },
        {
          id: 'tell',
          name: 'Tell',
          type: 'notification',
          config: { recipientId: user.id, subject: 'Heads up', message: 'Note: {{note}}' },
          transitions: [{ on: 'success', goto: 'end' }],
        },
        { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
      ],
    });
    const run = (
      await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token,
        body: { variables: { note: '<b>bold</b>' } },
      })
    ).body;
    await waitForRun(stack.api, token, run.id, hasStatus('completed'));

    const notification = await stack.database.db.notification.findFirstOrThrow({ where: { runId: run.id } });
    expect(notification).toEqual(
      expect.objectContaining({
        recipientUserId: user.id,
        subject: 'Heads up',
        message: 'Note: <b>bold</b>',
        emailedAt: expect.any(Date),
      }),
    );
    const mail = smtp.received.find((item) => item.to.includes(user.email!));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('flows@example.test');
    expect(mail!.raw).toContain('Subject: Heads up');
    expect(mail!.raw).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(mail!.raw).not.toContain('<b>bold</b></p>');
  });
});
