import { asWritten, defineStep, errorOutcome } from './step-module.js';

/**
 * Collects a connector's reconciliation accounts into a batch, or deactivates the batch a collect
 * step of this run made. Read as written: the connector and the collect step are names the
 * validator checks. A deactivation goes on in slices (one activity call each) until the batch is
 * done, each slice resuming where the last stopped.
 */
export const accountReconciliationStep = defineStep('account_reconciliation', {
  interpolate: asWritten,
  run: async (config, { runId, sequence, attempt, step, work }) => {
    const visit = { runId, sequence, attempt, stepId: step.id, connector: config.connector };
    if (config.action === 'collect') {
      const result = await work.collectAccounts({ ...visit, lists: config.lists, limit: config.limit });
      if (!result.success) return errorOutcome(result, 'Collecting the accounts failed');
      return { outcome: 'success', output: result.data };
    }
    const from = config.from;
    // The schema requires it of a deactivate step; this narrows its type.
    if (from === undefined) return { outcome: 'error', error: { message: 'from is missing', code: 'invalid_config' } };
    for (;;) {
      const result = await work.deactivateAccounts({ ...visit, from });
      if (!result.done) continue;
      if (!result.success) return errorOutcome(result, 'Deactivating the accounts failed');
      return { outcome: 'success', output: result.data };
    }
  },
});
