import { defineStep, errorOutcome, type StepContext, type StepOutcome } from './step-module.js';

async function changeRole(
  action: 'grant' | 'revoke',
  config: { role: string; subject: string; onDuplicate?: 'skip' | 'error' },
  { runId, work }: StepContext,
): Promise<StepOutcome> {
  const result = await work.changeRole({
    runId,
    action,
    subject: config.subject,
    role: config.role,
    onDuplicate: config.onDuplicate ?? 'skip',
  });
  return result.success ? { outcome: 'success', output: result.data } : errorOutcome(result, 'failed');
}

/** Grants a business role, provisioning its entitlements. */
export const roleGrantStep = defineStep('role_grant', {
  run: (config, context) => changeRole('grant', config, context),
});

/** Revokes a business role, deprovisioning its entitlements. */
export const roleRevokeStep = defineStep('role_revoke', {
  run: (config, context) => changeRole('revoke', config, context),
});
