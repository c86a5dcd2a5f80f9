import { evaluateCondition } from '../../engine/expressions.js';
import { asWritten, defineStep } from './step-module.js';

/** Branches on a CEL expression, which reads the variables itself rather than through placeholders. */
export const conditionStep = defineStep('condition', {
  interpolate: asWritten,
  run: async ({ expression }, { scope }) => ({ outcome: evaluateCondition(expression, scope) ? 'true' : 'false' }),
});
