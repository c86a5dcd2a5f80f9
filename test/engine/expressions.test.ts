import { describe, expect, it } from '@jest/globals';
import { MAX_NESTED_ITERATIONS, nestsRepetition } from '../../src/engine/expression-cost.js';
import { ExpressionError, evaluateCondition, expressionChecker } from '../../src/engine/expressions.js';

const checkExpression = (expression: string, names: string[]) => expressionChecker(names)(expression);

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

  it('leaves variables named after words CEL reserves out of expressions, without failing', () => {
    expect(checkExpression('amount == 1', ['amount', 'for', 'if', '__proto__'])).toBeUndefined();
    expect(checkExpression('for == 1', ['for'])?.kind).toBe('syntax');
    expect(evaluateCondition('amount == 1', { amount: 1, for: 'x', let: 'y' })).toBe(true);
  });
});

describe('conditions cannot run long enough to jam their workflow task', () => {
  it.each([
    ['(a+)+', true],
    ['^(\\w*,?)*$', true],
    ['((ab)*c)+', true],
    ['(a{1,})*', true],
    ['(x(a+))+', true],
    ['a+b+', false],
    ['(ab)+', false],
    ['[(a+)]+', false],
    ['\\(a+\\)+', false],
    ['(a{2})+', false],
    ['(a+)?', false],
  ])('%s nests a repetition: %s', (pattern, nested) => {
    expect(nestsRepetition(pattern)).toBe(nested);
  });

  it('refuses a matches() pattern that is not a literal or that nests repetitions, at validation and at evaluation', () => {
    expect(checkExpression('text.matches(pattern)', ['text', 'pattern'])).toEqual({
      kind: 'unsafe_pattern',
      message: expect.stringContaining('string literal'),
    });
    expect(checkExpression('text.matches("^(a+)+$")', ['text'])?.kind).toBe('unsafe_pattern');
    expect(checkExpression('text.matches("^[a-z.]+@corp[.]com$")', ['text'])).toBeUndefined();
    // Exponential on this input with the pattern allowed: 2^40 steps.
    expect(() => evaluateCondition('text.matches("^(a+)+$")', { text: `${'a'.repeat(40)}!` })).toThrow(
      /repeats a group that repeats itself/,
    );
    expect(evaluateCondition('text.matches("^a+$")', { text: 'a'.repeat(40) })).toBe(true);
  });

  it(`refuses nested comprehensions whose lists could make them iterate more than ${MAX_NESTED_ITERATIONS} times`, () => {
    const expression = 'items.all(a, items.exists(b, a == b))';
    expect(evaluateCondition(expression, { items: Array.from({ length: 10 }, (_, index) => index) })).toBe(true);
    expect(() =>
      evaluateCondition(expression, { items: Array.from({ length: 2_000 }, (_, index) => index), other: [] }),
    ).toThrow(/2 nested comprehensions over lists of up to 2000 items/);
    expect(evaluateCondition('items.all(a, a >= 0)', { items: Array.from({ length: 100_000 }, () => 1) })).toBe(true);
  });
});
