import type { WorkflowDefinitionInput, WorkflowStep } from '../domain/workflow-definition.js';

/** One transition as an edge of the step graph. */
export interface TransitionEdge {
  from: string;
  on: string;
  goto: string;
}

const COMPARED_FIELDS = [
  'name',
  'description',
  'category',
  'subjectVariable',
  'project',
  'workflowSet',
  'debugLogging',
  'trigger',
  'onError',
] as const satisfies readonly (keyof WorkflowDefinitionInput)[];

/** A top-level setting of a definition that the diff compares. */
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** What changed between two definitions; every list is sorted, so equal inputs give equal output. */
export interface DefinitionDiff {
  identical: boolean;
  /** Settings that differ, in the order of the definition's fields (name first). */
  fields: Array<{ field: ComparedField; from: unknown; to: unknown }>;
  /** Steps matched by id; `changes` are dotted paths such as `name`, `config.approvers` or `transitions`. */
  steps: { added: string[]; removed: string[]; changed: Array<{ id: string; changes: string[] }> };
  transitions: { added: TransitionEdge[]; removed: TransitionEdge[] };
  /** Variables matched by name; `changes` are the properties that differ (`type`, `required`, `description`). */
  variables: { added: string[]; removed: string[]; changed: Array<{ name: string; changes: string[] }> };
}

/** Compares two definitions setting by setting, step by step (config to the leaf) and variable by variable. */
export function diffDefinitions(from: WorkflowDefinitionInput, to: WorkflowDefinitionInput): DefinitionDiff {
  const fromSteps = indexBy(from.steps, (step) => step.id);
  const toSteps = indexBy(to.steps, (step) => step.id);
  const steps = diffKeyed(fromSteps, toSteps, stepChanges);
  const variables = diffKeyed(
    indexBy(from.variables, (variable) => variable.name),
    indexBy(to.variables, (variable) => variable.name),
    (before, after) => differingPaths(before, after, ''),
  );
  const changes = {
    fields: COMPARED_FIELDS.filter((field) => !isDeepEqual(from[field], to[field])).map((field) => ({
      field,
      from: from[field],
      to: to[field],
    })),
    steps: {
      added: steps.added,
      removed: steps.removed,
      changed: steps.changed.map(({ key, changes }) => ({ id: key, changes })),
    },
    transitions: diffTransitions([...fromSteps.values()], [...toSteps.values()]),
    variables: {
      added: variables.added,
      removed: variables.removed,
      changed: variables.changed.map(({ key, changes }) => ({ name: key, changes })),
    },
  };
  const lists = [
    changes.fields,
    ...Object.values(changes.steps),
    ...Object.values(changes.transitions),
    ...Object.values(changes.variables),
  ];
  return { identical: lists.every((list) => list.length === 0), ...changes };
}

interface KeyedDiff {
  added: string[];
  removed: string[];
  changed: Array<{ key: string; changes: string[] }>;
}

function diffKeyed<T>(
  from: ReadonlyMap<string, T>,
  to: ReadonlyMap<string, T>,
  changesOf: (before: T, after: T) => string[],
): KeyedDiff {
  const changed = [...from].flatMap(([key, before]) => {
    const after = to.get(key);
    const changes = after === undefined ? [] : changesOf(before, after);
    return changes.length > 0 ? [{ key, changes }] : [];
  });
  return {
    added: [...to.keys()].filter((key) => !from.has(key)).sort(),
    removed: [...from.keys()].filter((key) => !to.has(key)).sort(),
    changed: changed.sort((a, b) => compareText(a.key, b.key)),
  };
}

function stepChanges(from: WorkflowStep, to: WorkflowStep): string[] {
  const changes = differingPaths(
    { name: from.name, type: from.type, config: from.config },
    { name: to.name, type: to.type, config: to.config },
    '',
  );
  // Reordering transitions does not change where a step leads, so they compare as sets of edges.
  if (edgeSignature(from) !== edgeSignature(to)) changes.push('transitions');
  return changes.sort();
}

function diffTransitions(from: readonly WorkflowStep[], to: readonly WorkflowStep[]): DefinitionDiff['transitions'] {
  const fromEdges = indexBy(from.flatMap(edgesOf), edgeKey);
  const toEdges = indexBy(to.flatMap(edgesOf), edgeKey);
  const onlyIn = (edges: ReadonlyMap<string, TransitionEdge>, other: ReadonlyMap<string, TransitionEdge>) =>
    [...edges]
      .filter(([key]) => !other.has(key))
      .map(([, edge]) => edge)
      .sort(compareEdges);
  return { added: onlyIn(toEdges, fromEdges), removed: onlyIn(fromEdges, toEdges) };
}

function edgesOf(step: WorkflowStep): TransitionEdge[] {
  return step.transitions.map((transition) => ({ from: step.id, on: transition.on, goto: transition.goto }));
}

function edgeSignature(step: WorkflowStep): string {
  return [...new Set(edgesOf(step).map(edgeKey))].sort().join('\n');
}

function edgeKey(edge: TransitionEdge): string {
  return JSON.stringify([edge.from, edge.on, edge.goto]);
}

function compareEdges(a: TransitionEdge, b: TransitionEdge): number {
  return compareText(a.from, b.from) || compareText(a.on, b.on) || compareText(a.goto, b.goto);
}

/** Items by key; when keys repeat the first wins, as in the validator and the interpreter. */
function indexBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const index = new Map<string, T>();
  for (const item of items) if (!index.has(keyOf(item))) index.set(keyOf(item), item);
  return index;
}

/** Dotted paths at which two values differ: objects key by key, anything else (arrays too) as a whole. */
function differingPaths(from: unknown, to: unknown, path: string): string[] {
  if (!isPlainObject(from) || !isPlainObject(to)) return isDeepEqual(from, to) ? [] : [path];
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
  return keys.flatMap((key) => differingPaths(from[key], to[key], path ? `${path}.${key}` : key));
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  // Stored definitions come back with null where a client left a field out; both mean "not set".
  if (a == null && b == null) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isDeepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) return differingPaths(a, b, '').length === 0;
  return a === b;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
