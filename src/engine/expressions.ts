import { Environment } from '@marcbachmann/cel-js';

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
  for (const name of new Set(names)) environment.registerVariable(name, 'dyn');
  return environment;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}

export interface ExpressionProblem {
  kind: 'syntax' | 'unknown_variable' | 'type';
  message: string;
}

/** Parses and type-checks `expression` against the variable names in scope; undefined when fine. */
export function checkExpression(expression: string, names: Iterable<string>): ExpressionProblem | undefined {
  const result = environmentFor(names).check(expression);
  if (result.valid) {
    return result.type === 'bool' || result.type === 'dyn'
      ? undefined
      : { kind: 'type', message: `evaluates to ${result.type}, not a boolean` };
  }
  const message = firstLine(result.error);
  if (/^Unknown variable/i.test(message)) return { kind: 'unknown_variable', message };
  return { kind: result.error?.name === 'TypeError' ? 'type' : 'syntax', message };
}

/** Evaluates a condition against `scope`; anything but a boolean result is an ExpressionError. */
export function evaluateCondition(expression: string, scope: Record<string, unknown>): boolean {
  let result: unknown;
  try {
    result = environmentFor(Object.keys(scope)).evaluate(expression, scope);
  } catch (error) {
    throw new ExpressionError(`Condition "${expression}" failed: ${firstLine(error)}`);
  }
  if (typeof result !== 'boolean') throw new ExpressionError(`Condition "${expression}" did not evaluate to a boolean`);
  return result;
}
