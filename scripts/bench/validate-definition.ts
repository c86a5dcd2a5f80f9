import type { WorkflowStep } from '../../src/domain/workflow-definition.js';
import { validateWorkflowDefinition } from '../../src/engine/validate-definition.js';

/**
 * A long workflow of mixed steps: notifications with interpolation, a condition every tenth step
 * that loops back, connector steps with error branches, and a single end.
 */
export function generateDefinition(stepCount: number) {
  const id = (index: number) => `s${index}`;
  const steps: WorkflowStep[] = [
    { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: id(1) }] },
  ];
  for (let index = 1; index < stepCount - 1; index += 1) {
    const next = index + 1 < stepCount - 1 ? id(index + 1) : 'end';
    if (index % 10 === 0) {
      steps.push({
        id: id(index),
        name: `Check ${index}`,
        type: 'condition',
        config: { expression: `amount > ${index} && department == "IT"` },
        transitions: [
          { on: 'true', goto: next },
          { on: 'false', goto: id(index - 1) },
        ],
      });
    } else if (index % 10 === 5) {
      steps.push({
        id: id(index),
        name: `Call ${index}`,
        type: 'connector',
        config: {
          connector: 'directory',
          command: 'update',
          parameters: { user: '{{user}}', note: 'step {{run.id}}' },
        },
        transitions: [
          { on: 'success', goto: next },
          { on: 'error', goto: 'end' },
        ],
      });
    } else {
      steps.push({
        id: id(index),
        name: `Notify ${index}`,
        type: 'notification',
        config: { recipientId: '{{user}}', message: `Step ${index} for {{user.email}} in {{department}}` },
        transitions: [{ on: 'success', goto: next }],
      });
    }
  }
  steps.push({ id: 'end', name: 'End', type: 'end', config: {}, transitions: [] });
  return {
    name: `Benchmark ${stepCount}`,
    variables: [
      { name: 'user', type: 'user', required: true },
      { name: 'amount', type: 'number', required: true },
      { name: 'department', type: 'string', required: true },
    ],
    steps,
  };
}

export function benchValidateDefinition(stepCount = 10_000, iterations = 7) {
  const definition = generateDefinition(stepCount);
  const connectors = new Map([['directory', new Set(['update'])]]);
  const timings: number[] = [];
  let valid = false;
  for (let run = 0; run < iterations; run += 1) {
    const started = performance.now();
    valid = validateWorkflowDefinition(definition, { strict: true, connectors }).valid;
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return {
    benchmark: 'validate a workflow definition (strict)',
    steps: stepCount,
    iterations,
    valid,
    medianMs: Number(timings[Math.floor(iterations / 2)]!.toFixed(1)),
    maxMs: Number(timings.at(-1)!.toFixed(1)),
    goal: 'well under 1000 ms for 10,000 steps',
  };
}
