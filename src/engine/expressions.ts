import { Environment } from '@marcbachmann/cel-js';
import {
  iterationProblem,
  largestCollection,
  patternProblem,
  routeMatchesToLinearEngine,
  type Node,
} from './expression-cost.js';
import { backtrackingPatternProblem } from './backtracking-matches.js';
import {
  budgetedMatcher,
  definitionPatternRules,
  LINEAR_MATCHES,
  linearPatternProblem,
  type PatternRules,
} from './linear-matches.js';

/**
 * What evaluates `matches`: RE2 (`linear`), or JavaScript's RegExp (`backtracking`) for runs that
 * replay from before RE2 (backtracking-matches.ts).
 */
export type MatchesEngine = 'linear' | 'backtracking';

/**
 * Condition expressions are CEL (the Common Expression Language of Kubernetes admission
 * policies and Google IAM conditions): side-effect free, always terminating, and evaluated by a
 * parser, never by `eval` or `Function`. Variables are typed `dyn`, so values keep their JSON
 * types: `amount > 1000`, `department in ["IT", "HR"]`, `has(manager.email)`.
 */

export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
}

function environmentFor(names: Iterable<string>): Environment {
  const environment = new Environment({ homogeneousAggregateLiterals: false, limits: { maxAstNodes: 2000 } });
  for (const name of new Set(names)) {
    try {
      environment.registerVariable(name, 'dyn');
    } catch {
      // A word CEL reserves (for, if, let, __proto__...): no expression can name it, so the
      // variable is left out of expressions; placeholders can still use it.
    }
  }
  return environment;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}

export interface ExpressionProblem {
  kind: 'syntax' | 'unknown_variable' | 'type' | 'unsafe_pattern' | 'too_costly';
  message: string;
}

/**
 * A checker of the expressions of one definition against the variable names in scope, built once
 * for them all: it parses and type-checks an expression and checks its `matches` patterns
 * (expression-cost.ts), those of all its expressions together too (`definitionPatternRules`);
 * undefined when fine.
 */
export function expressionChecker(names: Iterable<string>): (expression: string) => ExpressionProblem | undefined {
  const environment = environmentFor(names);
  const rules = definitionPatternRules();
  return (expression) => checkExpression(environment, expression, rules);
}

function checkExpression(
  environment: Environment,
  expression: string,
  rules: PatternRules,
): ExpressionProblem | undefined {
  const result = environment.check(expression);
  if (result.valid) {
    if (result.type !== 'bool' && result.type !== 'dyn')
      return { kind: 'type', message: `evaluates to ${result.type}, not a boolean` };
    const ast = environment.parse(expression).ast as Node;
    const unsafe = patternProblem(ast, rules);
    if (unsafe) return { kind: 'unsafe_pattern', message: unsafe };
    // Lists of run variables are counted when the condition runs; here, those it writes out.
    const costly = iterationProblem(ast, () => 0);
    return costly ? { kind: 'too_costly', message: costly } : undefined;
  }
  const message = firstLine(result.error);
  if (/^Unknown variable/i.test(message)) return { kind: 'unknown_variable', message };
  return { kind: result.error?.name === 'TypeError' ? 'type' : 'syntax', message };
}

/**
 * Evaluates a condition against `scope`; anything but a boolean result is an ExpressionError, and
 * so is one that could run too long (expression-cost.ts): a `matches` pattern that is not a
 * literal, RE2 matching past its budget (linear-matches.ts), or nested comprehensions over lists
 * long enough to pass MAX_NESTED_ITERATIONS (lists of the scope or written out in the expression). `matchesEngine` is for replaying old runs only.
 */
export function evaluateCondition(
  expression: string,
  scope: Record<string, unknown>,
  matchesEngine: MatchesEngine = 'linear',
): boolean {
  let result: unknown;
  try {
    const environment = environmentFor(Object.keys(scope));
    const linear = matchesEngine === 'linear';
    // Registering the RE2 function costs more than evaluating `amount > 0`: only for expressions
    // that may call `matches`.
    const routed = linear && expression.includes('matches');
    if (routed) environment.registerFunction(`string.${LINEAR_MATCHES}(string): bool`, budgetedMatcher());
    const parsed = environment.parse(expression);
    const ast = parsed.ast as Node;
    const unsafe = patternProblem(ast, linear ? linearPatternProblem : backtrackingPatternProblem);
    if (unsafe) throw new Error(unsafe);
    if (routed) routeMatchesToLinearEngine(ast);
    const costly = iterationProblem(ast, () => largestCollection(scope));
    if (costly) throw new Error(costly);
    result = parsed(scope);
  } catch (error) {
    // The name `matches` is evaluated under is ours: messages say `matches`, as written.
    const message = firstLine(error).replaceAll(LINEAR_MATCHES, 'matches');
    throw new ExpressionError(`Condition "${expression}" failed: ${message}`);
  }
  if (typeof result !== 'boolean') throw new ExpressionError(`Condition "${expression}" did not evaluate to a boolean`);
  return result;
}
