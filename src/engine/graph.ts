import type { WorkflowStep } from '../domain/workflow-definition.js';

/** Steps by id; when ids repeat, the first one wins (the validator reports the duplicates). */
export function indexSteps(steps: readonly WorkflowStep[]): Map<string, WorkflowStep> {
  const index = new Map<string, WorkflowStep>();
  for (const step of steps) if (!index.has(step.id)) index.set(step.id, step);
  return index;
}

/**
 * Step types that neither call an activity nor wait: the interpreter walks through them inside one
 * workflow task, where nothing can change the variables, and writes their rows with the next
 * batch (before the next wait).
 */
export const STEP_TYPES_WITHOUT_EFFECTS: ReadonlySet<string> = new Set(['start', 'end', 'condition']);

/**
 * The loops made only of steps without effects (each as its step ids, in definition order). A run
 * that goes round one once goes round it for ever: its conditions see the same values each time.
 */
export function loopsWithoutEffects(index: ReadonlyMap<string, WorkflowStep>): string[][] {
  const inLoop = (id: string) => STEP_TYPES_WITHOUT_EFFECTS.has(index.get(id)?.type ?? '');
  const successors = (id: string) =>
    index
      .get(id)!
      .transitions.map((transition) => transition.goto)
      .filter(inLoop);
  // Tarjan's strongly connected components over those steps: a component of two or more steps,
  // or one step going to itself, is such a loop. Walked with a stack of its own, not by recursion:
  // a chain of thousands of conditions would overflow the call stack.
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (root: string) => {
    // The steps being visited, each with its successors and how many of them were looked at.
    const frames: Array<{ id: string; next: string[]; at: number }> = [];
    const enter = (id: string) => {
      order.set(id, order.size);
      lowest.set(id, order.get(id)!);
      stack.push(id);
      onStack.add(id);
      frames.push({ id, next: successors(id), at: 0 });
    };
    enter(root);
    while (frames.length > 0) {
      const frame = frames.at(-1)!;
      if (frame.at < frame.next.length) {
        const next = frame.next[frame.at++]!;
        if (!order.has(next)) enter(next);
        else if (onStack.has(next)) lowest.set(frame.id, Math.min(lowest.get(frame.id)!, order.get(next)!));
        continue;
      }
      frames.pop();
      const { id } = frame;
      const parent = frames.at(-1);
      if (parent) lowest.set(parent.id, Math.min(lowest.get(parent.id)!, lowest.get(id)!));
      if (lowest.get(id) !== order.get(id)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== id);
      if (component.length > 1 || frame.next.includes(id)) loops.push(component);
    }
  };
  for (const id of index.keys()) if (inLoop(id) && !order.has(id)) visit(id);
  const position = new Map([...index.keys()].map((id, at) => [id, at]));
  return loops.map((loop) => loop.sort((a, b) => position.get(a)! - position.get(b)!));
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
