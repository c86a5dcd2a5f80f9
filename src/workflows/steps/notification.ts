import { defineStep, errorOutcome } from './step-module.js';

/** An in-app notification, emailed too when SMTP is configured; the template sees the whole scope. */
export const notificationStep = defineStep('notification', {
  run: async (config, { runId, sequence, step, workflowName, scope, work }) => {
    const sent = await work.sendNotification({
      runId,
      sequence,
      recipient: config.recipientId,
      subject: config.subject,
      message: config.message ?? step.name,
      workflowName,
      template: config.template,
      variables: scope,
    });
    return sent.success ? { outcome: 'success' } : errorOutcome(sent, 'failed');
  },
});
