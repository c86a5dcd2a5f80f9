import { patched } from '@temporalio/workflow';
import { evaluateCondition, type MatchesEngine } from '../../engine/expressions.js';
import { asWritten, defineStep } from './step-module.js';

/**
 * RE2 for `matches`, except in runs replaying from before it (JavaScript's RegExp then): the two
 * differ on some texts (`\s` and a no-break space, `.` and an emoji), and a condition whose outcome
 * changed would replay another branch. Only expressions that may call `matches` ask.
 */
const matchesEngineOf = (expression: string): MatchesEngine =>
  !expression.includes('matches') || patched('linear-matches') ? 'linear' : 'backtracking';

/** Branches on a CEL expression, which reads the variables itself rather than through placeholders. */
export const conditionStep = defineStep('condition', {
  interpolate: asWritten,
  run: async ({ expression }, { scope }) => ({
    outcome: evaluateCondition(expression, scope, matchesEngineOf(expression)) ? 'true' : 'false',
  }),
});
