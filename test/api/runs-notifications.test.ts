import { afterAll, describe, expect, it } from '@jest/globals';
import { useRunStack } from '../support/run-stack.js';
import { waitForRun } from '../support/runs.js';
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
    const run = await runNotification(
      token,
      'Notify',
      { recipientId: user.id, subject: 'Heads up', message: 'Note: {{note}}' },
      '<b>bold</b>',
    );
    expect(run.status).toBe('completed');

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

/** An active workflow with one notification step on `config`, started with `note`; returns the run once it ends. */
async function runNotification(token: string, name: string, config: Record<string, unknown>, note: string) {
  const workflow = await createActive(stack.api, token, {
    name,
    description: '',
    category: 'general',
    trigger: { types: ['manual'] },
    variables: [{ name: 'note', type: 'string', required: true }],
    onError: 'stop',
    debugLogging: false,
    steps: [
      { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'tell' }] },
      { id: 'tell', name: 'Tell', type: 'notification', config, transitions: [{ on: 'success', goto: 'end' }] },
      { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
    ],
  });
  const run = (
    await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, { token, body: { variables: { note } } })
  ).body;
  return waitForRun(stack.api, token, run.id, (current) => ['completed', 'failed'].includes(current.status));
}

/** The raw message with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function createEmailTemplate(token: string, body: Record<string, unknown>) {
  const response = await stack.api.request('POST', '/api/email-templates', { token, body });
  expect(response.status).toBe(201);
}

describe('notification steps with email templates', () => {
  it('render the named template with Handlebars: run variables escaped in the HTML body, subject as text', async () => {
    const { token, user } = await createUserWithToken(stack.database.db, ['admin']);
    await createEmailTemplate(token, {
      name: 'fancy',
      subjectTemplate: 'Fancy {{subject}} for {{note}}',
      bodyTemplate: '<h1>{{workflowName}}</h1><p class="msg">{{message}}</p><p class="note">{{note}}</p>',
    });
    const run = await runNotification(
      token,
      'Templated',
      { recipientId: user.id, template: 'fancy', subject: 'news', message: 'Hello' },
      '<i>x</i>',
    );
    expect(run.status).toBe('completed');
    const mail = smtp.received.find((item) => item.to.includes(user.email!));
    expect(mail!.raw).toContain('Subject: Fancy news for <i>x</i>');
    expect(decoded(mail!.raw)).toContain(
      '<h1>Templated</h1><p class="msg">Hello</p><p class="note">&lt;i&gt;x&lt;/i&gt;</p>',
    );
  });

  it('use the default template when the step names none', async () => {
    const { token, user } = await createUserWithToken(stack.database.db, ['admin']);
    await createEmailTemplate(token, {
      name: 'house style',
      subjectTemplate: '[House] {{workflowName}}',
      bodyTemplate: '<div class="house">{{message}}</div>',
      isDefault: true,
    });
    const run = await runNotification(token, 'Defaulted', { recipientId: user.id, message: 'Plain' }, 'n');
    expect(run.status).toBe('completed');
    const mail = smtp.received.find((item) => item.to.includes(user.email!));
    expect(mail!.raw).toContain('Subject: [House] Defaulted');
    expect(decoded(mail!.raw)).toContain('<div class="house">Plain</div>');
  });

  it('fail the step (unknown_template) when the named template does not exist, sending nothing', async () => {
    const { token, user } = await createUserWithToken(stack.database.db, ['admin']);
    const run = await runNotification(token, 'Missing template', { recipientId: user.id, template: 'nope' }, 'n');
    expect(run.status).toBe('failed');
    const step = await stack.database.db.runStep.findFirstOrThrow({ where: { runId: run.id, stepId: 'tell' } });
    expect(JSON.stringify(step)).toContain('unknown_template');
    expect(smtp.received.some((item) => item.to.includes(user.email!))).toBe(false);
  });
});
