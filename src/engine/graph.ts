import type { WorkflowStep } from '../domain/workflow-definition.js';

/** Steps by id; when ids repeat, the first one wins (the validator reports the duplicates). */
export function indexSteps(steps: readonly WorkflowStep[]): Map<string, WorkflowStep> {
  const index = new Map<string, WorkflowStep>();
  for (const step of steps) if (!index.has(step.id)) index.set(step.id, step);
  return index;
}

/** The id of the step that follows `step` on `outcome`, if the step has such a transition. */
export function nextStepId(step: WorkflowStep, outcome: string): string | undefined {
  return step.transitions.find((transition) => transition.on === outcome)?.goto;
}

/** Ids of the steps reachable from `startId` by following transitions (start included). */
export function reachableFrom(startId: string, index: ReadonlyMap<string, WorkflowStep>): Set<string> {
  const seen = new Set<string>();
  const queue = [startId];
  while (queue.length > 0) {
    const id = queue.pop()!;
    const step = index.get(id);
    if (seen.has(id) || !step) continue;
    seen.add(id);
    for (const transition of step.transitions) queue.push(transition.goto);
  }
  return seen;
}

/** Ids of the steps from which some `end` step can be reached (ends included). */
export function stepsThatReachAnEnd(index: ReadonlyMap<string, WorkflowStep>): Set<string> {
  const predecessors = new Map<string, string[]>();
  for (const step of index.values()) {
    for (const transition of step.transitions) {
      const list = predecessors.get(transition.goto) ?? [];
      list.push(step.id);
      predecessors.set(transition.goto, list);
    }
  }
  const reaching = new Set<string>();
  const queue = [...index.values()].filter((step) => step.type === 'end').map((step) => step.id);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reaching.has(id)) continue;
    reaching.add(id);
    queue.push(...(predecessors.get(id) ?? []));
  }
  return reaching;
}

/** Step ids in the order a reader meets them: breadth first from `startId`, then the rest. */
export function readingOrder(steps: readonly WorkflowStep[], startId: string | undefined): string[] {
  const index = indexSteps(steps);
  const order: string[] = [];
  const seen = new Set<string>();
  const queue = startId ? [startId] : [];
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head]!;
    const step = index.get(id);
    if (seen.has(id) || !step) continue;
    seen.add(id);
    order.push(id);
    for (const transition of step.transitions) queue.push(transition.goto);
  }
  for (const step of index.values()) if (!seen.has(step.id)) order.push(step.id);
  return order;
}
