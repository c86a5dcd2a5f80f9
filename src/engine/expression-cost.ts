import { LINEAR_MATCHES, linearPatternProblem, type PatternRules } from './linear-matches.js';

// A condition is evaluated inside a workflow task, which the SDK stops after 5 s and Temporal then
// retries for ever: an expression that can run that long jams its run and costs the worker 5 s
// of CPU at every try. Two constructs could, on inputs a requester controls (run variables, up to
// the body limit): regular expressions, and comprehensions nested in comprehensions, whose cost
// multiplies, whether they run over lists a run holds or lists the expression writes out. These
// rules bound both; `matches` is also evaluated in linear time (linear-matches.ts).

/** Iterations of nested comprehensions one evaluation may make, estimated before it starts. */
export const MAX_NESTED_ITERATIONS = 1_000_000;

/** The CEL macros that iterate over a list or map. */
const COMPREHENSIONS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** A cel-js syntax tree node: an operator and its operands (nested arrays of nodes). */
export interface Node {
  op: string;
  args: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && 'op' in value && 'args' in value;

/** The nodes among `args`, however deeply its arrays nest them. */
function childrenOf(args: unknown): Node[] {
  if (isNode(args)) return [args];
  return Array.isArray(args) ? args.flatMap(childrenOf) : [];
}

/** A call's name and its arguments, receiver first (`x.f(y)` and `f(x, y)` alike). */
function callOf(node: Node): { name: string; args: unknown[] } | undefined {
  if (node.op === 'call') {
    const [name, args] = node.args as [string, unknown[]];
    return { name, args };
  }
  if (node.op === 'rcall') {
    const [name, receiver, args] = node.args as [string, unknown, unknown[]];
    return { name, args: [receiver, ...args] };
  }
  return undefined;
}

/** How deeply comprehensions nest in the expression (0: none; 2: one inside another). */
export function comprehensionDepth(node: Node): number {
  const call = callOf(node);
  const own = call && COMPREHENSIONS.has(call.name) ? 1 : 0;
  let deepest = 0;
  for (const child of childrenOf(node.args)) deepest = Math.max(deepest, comprehensionDepth(child));
  return own + deepest;
}

/**
 * What is wrong with the `matches` calls of an expression: a pattern that is not a string literal
 * (a requester could send a huge one), or one the engine's rules refuse (RE2 syntax and size by
 * default, linear-matches.ts). The name `matches` is evaluated under may not be called directly.
 */
export function patternProblem(node: Node, rules: PatternRules = linearPatternProblem): string | undefined {
  const call = callOf(node);
  if (call?.name === LINEAR_MATCHES) return `there is no function ${LINEAR_MATCHES}`;
  if (call?.name === 'matches') {
    const pattern = call.args[1];
    if (!isNode(pattern) || pattern.op !== 'value' || typeof pattern.args !== 'string')
      return 'matches() takes its pattern as a string literal, not a value a run could set';
    const problem = rules(pattern.args);
    if (problem) return problem;
  }
  for (const child of childrenOf(node.args)) {
    const problem = patternProblem(child, rules);
    if (problem) return problem;
  }
  return undefined;
}

/** Has every `x.matches(p)` call of the expression evaluated by the function named LINEAR_MATCHES. */
export function routeMatchesToLinearEngine(node: Node): void {
  if (node.op === 'rcall' && (node.args as unknown[])[0] === 'matches') (node.args as unknown[])[0] = LINEAR_MATCHES;
  for (const child of childrenOf(node.args)) routeMatchesToLinearEngine(child);
}

/**
 * The length of the longest list or map the expression writes out itself: a literal, or literals
 * joined with `+` (their lengths add up). Values a run sets are counted by `largestCollection`.
 */
export function largestLiteral(node: Node): number {
  let largest = literalLength(node);
  for (const child of childrenOf(node.args)) largest = Math.max(largest, largestLiteral(child));
  return largest;
}

function literalLength(node: Node): number {
  if (node.op === 'list' || node.op === 'map') return Array.isArray(node.args) ? node.args.length : 0;
  if (node.op === '+') return childrenOf(node.args).reduce((sum, operand) => sum + literalLength(operand), 0);
  return 0;
}

/**
 * Why nested comprehensions could iterate too often over the longest list of the run's
 * (`longestHeld`, asked only when comprehensions nest) or of the expression, or undefined.
 */
export function iterationProblem(node: Node, longestHeld: () => number): string | undefined {
  const depth = comprehensionDepth(node);
  if (depth < 2) return undefined;
  const length = Math.max(longestHeld(), largestLiteral(node));
  if (length ** depth <= MAX_NESTED_ITERATIONS) return undefined;
  return `its ${depth} nested comprehensions over lists of up to ${length} items could iterate ${length}^${depth} times, more than the ${MAX_NESTED_ITERATIONS} a condition may`;
}

/** The length of the longest list or map (entry count) anywhere in `value`; walked without recursion. */
export function largestCollection(value: unknown): number {
  let largest = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    const items = Array.isArray(next) ? next : Object.values(next);
    largest = Math.max(largest, items.length);
    for (const item of items) if (item !== null && typeof item === 'object') pending.push(item);
  }
  return largest;
}
