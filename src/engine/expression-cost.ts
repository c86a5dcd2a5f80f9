// A condition is evaluated inside a workflow task, which the SDK stops after 5 s and Temporal then
// retries for ever: an expression that can run that long jams its run and costs the worker 5 s
// of CPU at every try. Two constructs can, on inputs a requester controls (run variables, up to
// the body limit): a regular expression that backtracks exponentially, and comprehensions nested
// in comprehensions, whose cost multiplies. These rules bound both.

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
 * Whether a regular expression repeats a group that itself holds a repetition, as `(a+)+` or
 * `(\w*,?)*` do: matching such a pattern can backtrack for exponential time. Bounded `{n}` and
 * optional `?` parts do not count as repetitions.
 */
export function nestsRepetition(pattern: string): boolean {
  const groupRepeats: boolean[] = [];
  let closedGroupRepeats = false;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at]!;
    const afterGroup = closedGroupRepeats;
    closedGroupRepeats = false;
    if (char === '\\') at += 1;
    else if (char === '[') {
      for (at += 1; at < pattern.length && pattern[at] !== ']'; at += 1) if (pattern[at] === '\\') at += 1;
    } else if (char === '(') groupRepeats.push(false);
    else if (char === ')') {
      closedGroupRepeats = groupRepeats.pop() ?? false;
      if (closedGroupRepeats && groupRepeats.length > 0) groupRepeats[groupRepeats.length - 1] = true;
    } else if (char === '*' || char === '+' || (char === '{' && /^\{\d*,\d*\}/.test(pattern.slice(at)))) {
      if (afterGroup) return true;
      if (groupRepeats.length > 0) groupRepeats[groupRepeats.length - 1] = true;
    }
  }
  return false;
}

/**
 * What is wrong with the `matches` calls of an expression: a pattern that is not a string literal
 * (a requester could send one that backtracks), or one that nests repetitions.
 */
export function patternProblem(node: Node): string | undefined {
  const call = callOf(node);
  if (call?.name === 'matches') {
    const pattern = call.args[1];
    if (!isNode(pattern) || pattern.op !== 'value' || typeof pattern.args !== 'string')
      return 'matches() takes its pattern as a string literal, not a value a run could set';
    if (nestsRepetition(pattern.args))
      return `the pattern "${pattern.args}" repeats a group that repeats itself (as (a+)+ does), which can take exponential time to match; write it without the nested repetition`;
  }
  for (const child of childrenOf(node.args)) {
    const problem = patternProblem(child);
    if (problem) return problem;
  }
  return undefined;
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
