/**
 * The definition being edited (OpenAPI `WorkflowDefinitionInput`) and the pure edits the editor
 * makes to it. Nothing here checks the definition: the API's validator does that, and its
 * findings are shown where they point.
 */
import type { Schema } from '../../api/client';
import { oneOf } from '../../components/one-of';

/** A definition as the API takes it: OpenAPI `WorkflowDefinitionInput`. */
export type Draft = Schema<'WorkflowDefinitionInput'>;
export type DraftStep = Draft['steps'][number];
export type DraftVariable = Draft['variables'][number];
export type DraftTransition = DraftStep['transitions'][number];

export const CATEGORIES: readonly Draft['category'][] = ['user', 'group', 'project', 'general'];
export const TRIGGER_TYPES: readonly Draft['trigger']['types'][number][] = ['manual', 'scheduled', 'webhook'];
export const ERROR_STRATEGIES: readonly Draft['onError'][] = ['stop', 'skip', 'retry'];
export const VARIABLE_TYPES: readonly DraftVariable['type'][] = [
  'string',
  'number',
  'boolean',
  'user',
  'group',
  'date',
  'object',
  'array',
];

/** A new draft: a start step leading to an end step, which every workflow needs. */
export function newDraft(): Draft {
  return {
    name: '',
    description: '',
    project: null,
    workflowSet: null,
    category: 'general',
    subjectVariable: null,
    trigger: { types: ['manual'] },
    variables: [],
    steps: [
      { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
      { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
    ],
    onError: 'stop',
    debugLogging: false,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A draft the form can show, from any JSON object (a stored workflow, or the JSON view's text):
 * fields of the wrong kind read as their empty value. Fields a definition does not have are kept,
 * so the validator still reports them.
 */
export function draftFrom(value: Record<string, unknown>): Draft {
  const trigger = isRecord(value.trigger) && Array.isArray(value.trigger.types) ? value.trigger.types : ['manual'];
  return {
    ...value,
    name: text(value.name),
    description: text(value.description),
    project: textOrNull(value.project),
    workflowSet: textOrNull(value.workflowSet),
    category: oneOf(CATEGORIES, value.category) ?? 'general',
    subjectVariable: textOrNull(value.subjectVariable),
    trigger: { types: trigger.flatMap((type) => oneOf(TRIGGER_TYPES, type) ?? []) },
    variables: (Array.isArray(value.variables) ? value.variables : []).filter(isRecord).map((variable) => ({
      ...variable,
      name: text(variable.name),
      type: oneOf(VARIABLE_TYPES, variable.type) ?? 'string',
      required: variable.required === true,
    })),
    steps: (Array.isArray(value.steps) ? value.steps : []).filter(isRecord).map((step) => ({
      ...step,
      id: text(step.id),
      name: text(step.name),
      type: text(step.type),
      config: isRecord(step.config) ? step.config : {},
      transitions: (Array.isArray(step.transitions) ? step.transitions : [])
        .filter(isRecord)
        .map((transition) => ({ ...transition, on: text(transition.on), goto: text(transition.goto) })),
    })),
    onError: oneOf(ERROR_STRATEGIES, value.onError) ?? 'stop',
    debugLogging: value.debugLogging === true,
  };
}

/**
 * `value` as a definition the API's schema takes, or undefined when reading it so would change a
 * value it holds (a field of the wrong kind, a category the API does not know): saving it then
 * would store something other than what was typed, so the editor asks for it to be corrected.
 * Fields only left out are fine: the draft's defaults are the API's.
 */
export function definitionInputOf(value: Record<string, unknown>): Draft | undefined {
  const draft = draftFrom(value);
  return keepsEveryValue(draft, value) ? draft : undefined;
}

/** Whether `read` holds every value of `original` unchanged (keys `read` added aside). */
function keepsEveryValue(read: unknown, original: unknown): boolean {
  if (Array.isArray(original)) {
    return (
      Array.isArray(read) &&
      read.length === original.length &&
      original.every((item, index) => keepsEveryValue(read[index], item))
    );
  }
  if (isRecord(original)) {
    return isRecord(read) && Object.keys(original).every((key) => keepsEveryValue(read[key], original[key]));
  }
  return read === original;
}

/** The definition fields of a stored workflow, without its id, status and other stored facts. */
export function definitionOf(workflow: Record<string, unknown>): Draft {
  const draft = draftFrom(workflow);
  return {
    name: draft.name,
    description: draft.description,
    project: draft.project,
    workflowSet: draft.workflowSet,
    category: draft.category,
    subjectVariable: draft.subjectVariable,
    trigger: draft.trigger,
    variables: draft.variables,
    steps: draft.steps,
    onError: draft.onError,
    debugLogging: draft.debugLogging,
  };
}

/** An id no step holds yet, from the step type (`approval`, `approval-2`, …). */
export function freeStepId(steps: readonly DraftStep[], type: string): string {
  const taken = new Set(steps.map((step) => step.id));
  const base = type.replace(/_/g, '-');
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base}-${number}`)) number += 1;
  return `${base}-${number}`;
}

/** A new step's name, from its type (`role_grant` → `Role grant`); steps need a name. */
export function stepNameOf(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((existing, position) => (position === index ? item : existing));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, position) => position !== index);
}

/** The list with the item at `index` moved by `offset` places (nothing when it would leave the list). */
export function moveBy<T>(list: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  if (target < 0 || target >= list.length) return [...list];
  const moved = [...list];
  moved.splice(target, 0, ...moved.splice(index, 1));
  return moved;
}

/** A step renamed: transitions that led to its old id follow it. */
export function renameStep(steps: readonly DraftStep[], index: number, id: string): DraftStep[] {
  const old = steps[index]?.id;
  return steps.map((step, position) => ({
    ...step,
    id: position === index ? id : step.id,
    transitions: step.transitions.map((transition) =>
      old !== undefined && old !== '' && transition.goto === old ? { ...transition, goto: id } : transition,
    ),
  }));
}
