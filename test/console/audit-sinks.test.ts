import { describe, expect, it } from '@jest/globals';
import { recordAudit } from '../../src/audit/index.js';
import { useAuditStream } from '../support/audit-stream.js';
import { pollUntil } from '../support/poll.js';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';

// The audit log page's "Streaming to a SIEM" section, driven in Chromium against the real API,
// worker and a real rsyslogd over TLS (scripts/local/rsyslog.ts).

const stack = useConsoleStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
const chromium = useChromium();
const stream = useAuditStream(() => stack.database.db);

describe('audit log page: streaming to a SIEM', () => {
  it('creates a syslog sink that receives the trail, tests it, disables it, and shows an https sink’s secret once', async () => {
    const { db } = stack.database;
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['admin'], '/audit');
    const section = page.getByRole('region', { name: 'Streaming to a SIEM' });
    await section.getByText('No audit sinks yet').waitFor();

    const form = section.getByRole('form', { name: 'New audit sink' });
    await form.getByLabel('Name').fill('SOC rsyslog');
    await form.getByLabel('Host').fill(stream.rsyslog().host);
    await form.getByLabel('Port').fill(String(stream.rsyslog().port));
    await form.getByLabel('CA certificate').fill(stream.rsyslog().caCertificate);
    await form.getByRole('button', { name: 'Create audit sink' }).click();
    await section.getByRole('status').filter({ hasText: 'Audit sink SOC rsyslog created' }).waitFor();
    const row = section.getByRole('row').filter({ hasText: 'SOC rsyslog' });
    await row.getByText(`syslog://127.0.0.1:${stream.rsyslog().port}`).waitFor();

    // The sink's own creation and what follows reach rsyslogd.
    await recordAudit(db, { action: 'auth.login', actor: { type: 'user', userId: user.id } });
    const received = await pollUntil(
      () => stream.rsyslog().received(),
      (messages) => messages.some((message) => message.msg.includes('"auth.login"')),
    );
    expect(received.map((message) => JSON.parse(message.msg).unmapped.flowgate.action)).toEqual(
      expect.arrayContaining(['audit_sink.created', 'auth.login']),
    );
    await row.getByRole('button', { name: 'Test SOC rsyslog' }).click();
    await section.getByRole('status').filter({ hasText: 'SOC rsyslog accepted the test event' }).waitFor();
    // The screenshot filters the list down to nothing (test events are not entries): the section is its subject.
    await page.goto(stack.url('/audit?action=audit_sink.tested'));
    await page.getByText('No entries match these filters.').waitFor();
    await section.getByText(/up to place [1-9]\d*, \d+ waiting/).waitFor();
    await screenshot(page, 'audit-sinks');

    await row.getByRole('button', { name: 'Disable SOC rsyslog' }).click();
    await row.getByRole('button', { name: 'Enable SOC rsyslog' }).waitFor();
    expect((await db.auditSink.findFirstOrThrow({ where: { name: 'SOC rsyslog' } })).enabled).toBe(false);

    // An https sink without a secret gets one generated, shown once; a refused destination says why.
    await form.getByLabel('Kind').selectOption('https');
    await form.getByLabel('Name').fill('Collector');
    await form.getByLabel('URL').fill('https://10.0.0.9/ingest');
    await form.getByLabel('CA certificate').fill('');
    await form.getByRole('button', { name: 'Create audit sink' }).click();
    await form.getByText(/10\.0\.0\.9 is not allowed/).waitFor();
    await form.getByLabel('URL').fill('https://127.0.0.1:9/ingest');
    await form.getByRole('button', { name: 'Create audit sink' }).click();
    const secret = await section.getByLabel('HMAC secret of Collector value').textContent();
    expect(secret).toMatch(/^whsec_/);
    await section.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await section.getByRole('row').filter({ hasText: 'Collector' }).waitFor();
    expect(await page.content()).not.toContain(secret!);
    await page.context().close();
  });
});
