import { describe, expect, it } from '@jest/globals';
import { ExpressionError, checkExpression, evaluateCondition } from '../../src/engine/expressions.js';

describe('CEL conditions', () => {
  it('evaluates comparisons, membership and presence over JSON values', () => {
    const scope = { amount: 1500, department: 'IT', manager: { email: 'm@example.test' } };
    expect(evaluateCondition('amount > 1000 && department in ["IT", "HR"]', scope)).toBe(true);
    expect(evaluateCondition('has(manager.email) && manager.email.endsWith("@example.test")', scope)).toBe(true);
    expect(evaluateCondition('amount < 10.5', scope)).toBe(false);
  });

  it('refuses non-boolean results and runtime errors with an ExpressionError', () => {
    expect(() => evaluateCondition('1 + 1', {})).toThrow(ExpressionError);
    expect(() => evaluateCondition('manager.phone == "1"', { manager: {} })).toThrow(/No such key/);
  });

  it('checks syntax and variable names without evaluating', () => {
    expect(checkExpression('amount >', ['amount'])?.kind).toBe('syntax');
    expect(checkExpression('other == 1', ['amount'])?.kind).toBe('unknown_variable');
    expect(checkExpression('amount == 1', ['amount'])).toBeUndefined();
  });
});
