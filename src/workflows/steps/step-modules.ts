import type { StepType } from '../../domain/step-types.js';
import { accountReconciliationStep } from './account-reconciliation.js';
import { approvalStep } from './approval.js';
import { conditionStep } from './condition.js';
import { connectorStep } from './connector.js';
import { delayStep } from './delay.js';
import { notificationStep } from './notification.js';
import { endStep, startStep } from './pass-through.js';
import { roleGrantStep, roleRevokeStep } from './role-change.js';
import type { StepModule } from './step-module.js';
import { taskStep } from './task.js';

/** The module of every step type; the compiler checks that none is missing or mismatched. */
export const STEP_MODULES: { readonly [T in StepType]: StepModule<T> } = {
  start: startStep,
  end: endStep,
  notification: notificationStep,
  approval: approvalStep,
  task: taskStep,
  condition: conditionStep,
  connector: connectorStep,
  role_grant: roleGrantStep,
  role_revoke: roleRevokeStep,
  account_reconciliation: accountReconciliationStep,
  delay: delayStep,
};
