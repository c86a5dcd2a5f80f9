import { describe, expect, it } from '@jest/globals';
import { MAX_NESTED_ITERATIONS } from '../../src/engine/expression-cost.js';
import {
  LINEAR_MATCHES,
  MATCHES_BUDGET,
  MAX_DEFINITION_PROGRAM_SIZE,
  MAX_PROGRAM_SIZE,
} from '../../src/engine/linear-matches.js';
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
  it('takes matches() patterns as RE2 literals of bounded size, at validation and at evaluation', () => {
    expect(checkExpression('text.matches(pattern)', ['text', 'pattern'])).toEqual({
      kind: 'unsafe_pattern',
      message: expect.stringContaining('string literal'),
    });
    expect(checkExpression('text.matches("a(?=b)")', ['text'])).toEqual({
      kind: 'unsafe_pattern',
      message: expect.stringContaining('not RE2 syntax'),
    });
    expect(checkExpression('text.matches("(a)\\\\1")', ['text'])?.message).toContain('not RE2 syntax');
    expect(checkExpression(`text.matches("${'[a-z]{999}'.repeat(6)}")`, ['text'])?.message).toContain(
      `more than the ${MAX_PROGRAM_SIZE} a pattern may`,
    );
    // Nested repetitions are harmless in RE2.
    expect(checkExpression('text.matches("^(a+)+$")', ['text'])).toBeUndefined();
    expect(checkExpression(`text.${LINEAR_MATCHES}("a")`, ['text'])).toBeDefined();
    expect(() => evaluateCondition(`text.${LINEAR_MATCHES}("a")`, { text: 'a' })).toThrow(ExpressionError);
    expect(() => evaluateCondition('text.matches(pattern)', { text: 'a', pattern: 'a' })).toThrow(/string literal/);
    // Errors name matches() as written, not the function it is evaluated under.
    expect(() => evaluateCondition('count.matches("a")', { count: 5 })).toThrow(
      "found no matching overload for 'double.matches(string)'",
    );
  });

  it(`refuses a definition whose patterns compile to more than ${MAX_DEFINITION_PROGRAM_SIZE} instructions in all`, () => {
    const check = expressionChecker(['text']);
    // Each of 4,498 instructions; a pattern repeated counts once.
    const pattern = (tag: number) => `${'[a-z]{999}'.repeat(4)}[a-z]{499}${tag}`;
    for (const tag of [1, 2, 3, 4, 1, 2]) expect(check(`text.matches("${pattern(tag)}")`)).toBeUndefined();
    expect(check(`text.matches("${pattern(5)}")`)?.message).toContain(
      `more than the ${MAX_DEFINITION_PROGRAM_SIZE} RE2 instructions a definition may have in all`,
    );
    expect(check(`text.matches("${pattern(6)}")`)?.kind).toBe('unsafe_pattern');
    // Another definition has a budget of its own.
    expect(expressionChecker(['text'])(`text.matches("${pattern(5)}")`)).toBeUndefined();
  });

  it.each([
    // 2^40 steps for a backtracking engine.
    ['^(a+)+$', `${'a'.repeat(40)}!`, false],
    ['^(a|aa)+$', `${'a'.repeat(40)}!`, false],
    // Quadratic for a backtracking engine: seconds over 100,000 characters.
    ['a*b', 'a'.repeat(100_000), false],
    ['(?i)^caf\\\\x{e9}$', 'CAFÉ', true],
    ['^.$', '😀', true],
  ])('matches %s in linear time with RE2 semantics', (pattern, text, expected) => {
    expect(evaluateCondition(`text.matches("${pattern}")`, { text })).toBe(expected);
  });

  it(`stops matches() calls past ${MATCHES_BUDGET} steps in one evaluation, comprehensions included`, () => {
    expect(() => evaluateCondition('text.matches("[a-z]{999}[0-9]")', { text: 'a'.repeat(20_000) })).toThrow(
      /steps \(characters times pattern instructions\) a condition may take/,
    );
    const items = (count: number) => Array.from({ length: count }, () => `${'a'.repeat(99)}1`);
    const expression = 'items.all(item, item.matches("[a-z]{99}[0-9]"))';
    expect(evaluateCondition(expression, { items: items(500) })).toBe(true);
    expect(() => evaluateCondition(expression, { items: items(2_000) })).toThrow(
      /steps \(characters times pattern instructions\) a condition may take/,
    );
    // Each evaluation has a budget of its own.
    expect(evaluateCondition(expression, { items: items(500) })).toBe(true);
  });

  it(`refuses nested comprehensions whose lists could make them iterate more than ${MAX_NESTED_ITERATIONS} times`, () => {
    const expression = 'items.all(a, items.exists(b, a == b))';
    expect(evaluateCondition(expression, { items: Array.from({ length: 10 }, (_, index) => index) })).toBe(true);
    expect(() =>
      evaluateCondition(expression, { items: Array.from({ length: 2_000 }, (_, index) => index), other: [] }),
    ).toThrow(/2 nested comprehensions over lists of up to 2000 items/);
    expect(evaluateCondition('items.all(a, a >= 0)', { items: Array.from({ length: 100_000 }, () => 1) })).toBe(true);
  });

  it('counts the lists a condition writes out as it counts those of the run', () => {
    const list = `[${Array.from({ length: 600 }, (_, index) => index).join(',')}]`;
    expect(() => evaluateCondition(`(${list} + ${list}).all(a, items.exists(b, a == b))`, { items: [1] })).toThrow(
      /2 nested comprehensions over lists of up to 1200 items/,
    );
    expect(evaluateCondition(`[1, 2].all(a, items.exists(b, a >= b))`, { items: [1] })).toBe(true);
  });
});
