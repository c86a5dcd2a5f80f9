import type { z } from 'zod';
import { STEP_TYPES, isStepType } from '../domain/step-types.js';
import {
  workflowDefinitionInputSchema,
  type WorkflowDefinitionInput,
  type WorkflowStep,
} from '../domain/workflow-definition.js';
import { parameterProblems, type CommandParameters } from './connector-parameters.js';
import { expressionChecker } from './expressions.js';
import { indexSteps, loopsWithoutEffects, reachableFrom, stepsThatReachAnEnd } from './graph.js';
import { hasPlaceholder, scanInterpolations, stringsIn } from './interpolation.js';

/** Stable codes of validation findings; docs/workflows.md (Validation) explains each. */
export type ValidationCode =
  | 'invalid_shape'
  | 'unknown_step_type'
  | 'invalid_config'
  | 'missing_required_config'
  | 'duplicate_step_id'
  | 'missing_start'
  | 'multiple_starts'
  | 'missing_end'
  | 'end_has_transitions'
  | 'unknown_transition_target'
  | 'invalid_transition_outcome'
  | 'duplicate_transition_outcome'
  | 'unreachable_step'
  | 'cannot_reach_end'
  | 'duplicate_variable'
  | 'reserved_variable_name'
  | 'undeclared_variable'
  | 'invalid_interpolation'
  | 'invalid_expression'
  | 'unknown_connector'
  | 'unknown_connector_command'
  | 'subject_variable_undeclared'
  | 'subject_variable_not_user'
  | 'connector_unverified'
  | 'unused_variable'
  | 'loop_without_wait'
  | 'unknown_connector_parameter'
  | 'invalid_connector_parameters'
  | 'unknown_role'
  | 'inactive_role'
  | 'invalid_batch_source';

export interface ValidationItem {
  code: ValidationCode;
  message: string;
  stepId?: string;
  path?: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationItem[];
  warnings: ValidationItem[];
  subjectVariableError: ValidationItem | null;
  /** The parsed definition with defaults applied, when its shape is right. */
  definition?: WorkflowDefinitionInput;
}

export interface ValidationOptions {
  /** Publish-time rules on top of the shape checks. */
  strict: boolean;
  /** Connector names and their commands; absent when the caller has no catalogue to check against. */
  connectors?: ReadonlyMap<string, ReadonlySet<string>>;
  /** What each connector's commands take (by connector, then command); absent: parameters unchecked. */
  connectorParameters?: ReadonlyMap<string, ReadonlyMap<string, CommandParameters>>;
  /** The business roles by name; absent: role names unchecked. */
  businessRoles?: ReadonlyMap<string, { active: boolean }>;
}

/** Roots a reference may start with besides the declared variables. */
export const BUILT_IN_REFERENCE_ROOTS = ['run', 'steps'] as const;

/**
 * Checks a definition. Lenient mode (drafts) reports shape problems only; strict mode (publish,
 * or `strict: true`) adds the graph, reference and configuration rules. Pure and linear in the
 * size of the definition.
 */
export function validateWorkflowDefinition(input: unknown, options: ValidationOptions): ValidationResult {
  const parsed = workflowDefinitionInputSchema.safeParse(input);
  if (!parsed.success) {
    return {
      valid: false,
      errors: parsed.error.issues.map((issue) => ({
        code: 'invalid_shape',
        message: issue.message,
        path: issue.path.join('.') || undefined,
        stepId: stepIdAt(input, issue.path),
      })),
      warnings: [],
      subjectVariableError: null,
    };
  }
  const definition = parsed.data;
  const findings = new Findings();
  checkStepTypesAndConfigs(definition.steps, options.strict, findings);
  checkVariableNames(definition, findings);
  const subjectVariableError = checkSubjectVariable(definition);
  if (options.strict) {
    checkStructure(definition.steps, findings);
    checkVariables(definition, findings);
    checkConnectors(definition.steps, options.connectors, findings);
    checkBatchSources(definition.steps, findings);
  }
  // What steps name must exist when they run: errors for publishing, warnings in a draft.
  const report = options.strict ? findings.error.bind(findings) : findings.warning.bind(findings);
  checkConnectorParameters(definition.steps, options.connectorParameters, report);
  checkRoleNames(definition.steps, options.businessRoles, report, findings);
  const errors = findings.errors;
  return {
    valid: errors.length === 0 && (!options.strict || subjectVariableError === null),
    errors,
    warnings: findings.warnings,
    subjectVariableError,
    definition,
  };
}

/**
 * Findings that leave the interpreter unable to walk the graph to an end: no single start, a
 * step it cannot execute (unknown type, incomplete config), a transition it cannot follow, or a
 * path that can never finish. Every start checks these, drafts included; the other strict
 * findings (unused or undeclared variables, unknown connectors, unreachable steps) fail or skip a
 * step at run time with a diagnosis, so they block publishing only.
 */
export const RUN_BLOCKING_CODES: ReadonlySet<ValidationCode> = new Set<ValidationCode>([
  'invalid_shape',
  'unknown_step_type',
  'invalid_config',
  'missing_required_config',
  'duplicate_step_id',
  'missing_start',
  'multiple_starts',
  'missing_end',
  'end_has_transitions',
  'unknown_transition_target',
  'invalid_transition_outcome',
  'duplicate_transition_outcome',
  'cannot_reach_end',
]);

/** Validation when a run starts: the strict rules, of which only the run-blocking findings count. */
export function validateForRun(input: unknown): ValidationResult {
  const result = validateWorkflowDefinition(input, { strict: true });
  const errors = result.errors.filter((item) => RUN_BLOCKING_CODES.has(item.code));
  return { ...result, valid: errors.length === 0, errors };
}

class Findings {
  readonly errors: ValidationItem[] = [];
  readonly warnings: ValidationItem[] = [];
  error(item: ValidationItem): void {
    this.errors.push(item);
  }
  warning(item: ValidationItem): void {
    this.warnings.push(item);
  }
}

function stepIdAt(input: unknown, path: PropertyKey[]): string | undefined {
  if (path[0] !== 'steps' || typeof path[1] !== 'number') return undefined;
  const steps = (input as { steps?: unknown[] } | null)?.steps;
  const step = Array.isArray(steps) ? (steps[path[1]] as { id?: unknown } | undefined) : undefined;
  return typeof step?.id === 'string' ? step.id : undefined;
}

function checkStepTypesAndConfigs(steps: readonly WorkflowStep[], strict: boolean, findings: Findings): void {
  steps.forEach((step, index) => {
    if (!isStepType(step.type)) {
      findings.error({
        code: 'unknown_step_type',
        message: `Step ${step.id} has unknown type "${step.type}"`,
        stepId: step.id,
        path: `steps.${index}.type`,
      });
      return;
    }
    // Drafts may be incomplete: lenient mode checks only the types of the fields present.
    const schema: z.ZodObject = strict ? STEP_TYPES[step.type].config : STEP_TYPES[step.type].config.partial();
    const result = schema.safeParse(step.config);
    if (result.success) {
      const problem = step.type === 'account_reconciliation' ? batchSourceProblem(step.config, strict) : undefined;
      if (problem)
        findings.error({
          code: problem.code,
          message: `Step ${step.id} config.from: ${problem.message}`,
          stepId: step.id,
          path: `steps.${index}.config.from`,
        });
      return;
    }
    for (const issue of result.error.issues) {
      const missing = issue.code === 'invalid_type' && getAt(step.config, issue.path) === undefined;
      const field = issue.path.join('.');
      findings.error({
        code: missing ? 'missing_required_config' : 'invalid_config',
        message: missing
          ? `Step ${step.id} (${step.type}) needs config.${field}`
          : `Step ${step.id} config${field ? `.${field}` : ''}: ${issue.message}`,
        stepId: step.id,
        path: `steps.${index}.config${field ? `.${field}` : ''}`,
      });
    }
  });
}

/**
 * `from` belongs to deactivate steps, which need it (a draft may leave it out for now): a rule
 * across fields, which the config schema leaves out so that drafts can check a partial config.
 */
function batchSourceProblem(
  config: Record<string, unknown>,
  strict: boolean,
): { code: ValidationCode; message: string } | undefined {
  if (config.action === 'collect' && config.from !== undefined)
    return { code: 'invalid_config', message: 'from belongs to deactivate steps only' };
  if (strict && config.action === 'deactivate' && config.from === undefined)
    return {
      code: 'missing_required_config',
      message: 'a deactivate step names the collect step whose batch it deactivates',
    };
  return undefined;
}

function getAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );
}

function checkStructure(steps: readonly WorkflowStep[], findings: Findings): void {
  const seenIds = new Set<string>();
  steps.forEach((step, index) => {
    if (seenIds.has(step.id)) {
      findings.error({
        code: 'duplicate_step_id',
        message: `Step id ${step.id} is used more than once`,
        stepId: step.id,
        path: `steps.${index}.id`,
      });
    }
    seenIds.add(step.id);
  });

  const starts = steps.filter((step) => step.type === 'start');
  if (starts.length === 0)
    findings.error({ code: 'missing_start', message: 'The workflow needs exactly one start step' });
  for (const extra of starts.slice(1)) {
    findings.error({ code: 'multiple_starts', message: `Step ${extra.id} is a second start step`, stepId: extra.id });
  }
  if (!steps.some((step) => step.type === 'end'))
    findings.error({ code: 'missing_end', message: 'The workflow needs at least one end step' });

  const index = indexSteps(steps);
  steps.forEach((step, stepIndex) => {
    const allowed: readonly string[] = isStepType(step.type) ? STEP_TYPES[step.type].outcomes : [];
    if (step.type === 'end' && step.transitions.length > 0) {
      findings.error({
        code: 'end_has_transitions',
        message: `End step ${step.id} must not have transitions`,
        stepId: step.id,
        path: `steps.${stepIndex}.transitions`,
      });
    }
    const seenOutcomes = new Set<string>();
    step.transitions.forEach((transition, transitionIndex) => {
      const path = `steps.${stepIndex}.transitions.${transitionIndex}`;
      if (step.type !== 'end' && isStepType(step.type) && !allowed.includes(transition.on)) {
        findings.error({
          code: 'invalid_transition_outcome',
          message: `Step ${step.id} (${step.type}) has no outcome "${transition.on}"; it has ${allowed.join(', ')}`,
          stepId: step.id,
          path: `${path}.on`,
        });
      }
      if (seenOutcomes.has(transition.on)) {
        findings.error({
          code: 'duplicate_transition_outcome',
          message: `Step ${step.id} has two transitions on "${transition.on}"`,
          stepId: step.id,
          path: `${path}.on`,
        });
      }
      seenOutcomes.add(transition.on);
      if (!index.has(transition.goto)) {
        findings.error({
          code: 'unknown_transition_target',
          message: `Step ${step.id} goes to unknown step "${transition.goto}"`,
          stepId: step.id,
          path: `${path}.goto`,
        });
      }
    });
  });

  for (const loop of loopsWithoutEffects(index)) {
    findings.warning({
      code: 'loop_without_wait',
      message: `${loop.length === 1 ? `Step ${loop[0]} leads back to itself` : `Steps ${loop.join(', ')} form a loop`} through conditions only: nothing changes the variables on the way, so a run that goes round it once would go round for ever (it fails with endless_loop); put a step that waits or sets variables on the loop, or make it exit on the first pass`,
      stepId: loop[0],
    });
  }

  const start = starts[0];
  if (!start) return;
  const reachable = reachableFrom(start.id, index);
  const reachingEnd = stepsThatReachAnEnd(index);
  for (const step of index.values()) {
    if (!reachable.has(step.id)) {
      findings.error({
        code: 'unreachable_step',
        message: `Step ${step.id} cannot be reached from the start step`,
        stepId: step.id,
      });
    } else if (!reachingEnd.has(step.id)) {
      findings.error({
        code: 'cannot_reach_end',
        message: `From step ${step.id} no end step can be reached (a dead end or a loop without exit)`,
        stepId: step.id,
      });
    }
  }
}

// Every object has these: interpolation refuses them as path segments and JSON bodies lose a
// `__proto__` key, so a variable of that name could never be set or read.
const OBJECT_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

/** Refused in drafts too: no later edit of the steps could make such a variable usable. */
function checkVariableNames(definition: WorkflowDefinitionInput, findings: Findings): void {
  definition.variables.forEach((variable, index) => {
    if (!OBJECT_NAMES.has(variable.name)) return;
    findings.error({
      code: 'reserved_variable_name',
      message: `Variable ${variable.name} cannot be set or read: __proto__, prototype and constructor are names every object has`,
      path: `variables.${index}.name`,
    });
  });
}

function checkVariables(definition: WorkflowDefinitionInput, findings: Findings): void {
  const declared = new Set<string>();
  definition.variables.forEach((variable, index) => {
    if (declared.has(variable.name)) {
      findings.error({
        code: 'duplicate_variable',
        message: `Variable ${variable.name} is declared more than once`,
        path: `variables.${index}.name`,
      });
    }
    declared.add(variable.name);
  });
  const stepIds = new Set(definition.steps.map((step) => step.id));
  const used = new Set<string>();
  // Values a task collects and a connector's output variable join the run variables.
  const produced = producedVariables(definition.steps);
  const known = new Set([...declared, ...produced]);
  const checkExpression = expressionChecker([...known, ...BUILT_IN_REFERENCE_ROOTS]);

  definition.steps.forEach((step, stepIndex) => {
    // A condition reads the variables itself: its expression is never interpolated, so a `}}` in
    // it is CEL (a map inside a map), not a placeholder.
    const interpolated = step.type === 'condition' ? [] : stringsIn(step.config);
    for (const { path, text } of interpolated) {
      const at = `steps.${stepIndex}.config.${path.join('.')}`;
      const scan = scanInterpolations(text);
      for (const problem of scan.problems) {
        findings.error({
          code: 'invalid_interpolation',
          message: `Step ${step.id}: ${problem}`,
          stepId: step.id,
          path: at,
        });
      }
      for (const reference of scan.references) {
        const [root, second] = reference.split('.');
        used.add(root!);
        const resolvable =
          known.has(root!) || root === 'run' || (root === 'steps' && second !== undefined && stepIds.has(second));
        if (!resolvable) {
          findings.error({
            code: 'undeclared_variable',
            message: `Step ${step.id} refers to {{${reference}}}, which is not a declared variable`,
            stepId: step.id,
            path: at,
          });
        }
      }
    }
    if (step.type === 'condition' && typeof step.config.expression === 'string') {
      const problem = checkExpression(step.config.expression);
      // Each word of the expression, once (variable names are identifiers).
      for (const word of step.config.expression.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])
        if (declared.has(word)) used.add(word);
      if (problem) {
        findings.error({
          code: problem.kind === 'unknown_variable' ? 'undeclared_variable' : 'invalid_expression',
          message: `Step ${step.id} condition: ${problem.message}`,
          stepId: step.id,
          path: `steps.${stepIndex}.config.expression`,
        });
      }
    }
  });
  if (definition.subjectVariable) used.add(definition.subjectVariable);
  definition.variables.forEach((variable, index) => {
    if (!used.has(variable.name)) {
      findings.warning({
        code: 'unused_variable',
        message: `Variable ${variable.name} is declared but never used`,
        path: `variables.${index}`,
      });
    }
  });
}

/** Variables that steps create at run time: task fields and connector output variables. */
function producedVariables(steps: readonly WorkflowStep[]): string[] {
  return steps.flatMap((step) => {
    if (step.type === 'task' && Array.isArray(step.config.fields)) {
      return step.config.fields.flatMap((field: unknown) => {
        const name = (field as { name?: unknown } | null)?.name;
        return typeof name === 'string' ? [name] : [];
      });
    }
    if (step.type === 'connector' && typeof step.config.outputVariable === 'string')
      return [step.config.outputVariable];
    return [];
  });
}

function checkConnectors(
  steps: readonly WorkflowStep[],
  connectors: ValidationOptions['connectors'],
  findings: Findings,
): void {
  steps.forEach((step, index) => {
    if (step.type === 'account_reconciliation') {
      checkReconciliationConnector(step, index, connectors, findings);
      return;
    }
    if (step.type !== 'connector') return;
    const name = step.config.connector;
    const command = step.config.command;
    if (typeof name !== 'string' || typeof command !== 'string') return;
    if (!connectors) {
      findings.warning({
        code: 'connector_unverified',
        message: `Step ${step.id}: no connector catalogue was given, so ${name}.${command} could not be checked`,
        stepId: step.id,
      });
      return;
    }
    const commands = connectors.get(name);
    if (!commands) {
      findings.error({
        code: 'unknown_connector',
        message: `Step ${step.id} uses unknown connector "${name}"`,
        stepId: step.id,
        path: `steps.${index}.config.connector`,
      });
    } else if (!commands.has(command)) {
      findings.error({
        code: 'unknown_connector_command',
        message: `Connector ${name} has no command "${command}"`,
        stepId: step.id,
        path: `steps.${index}.config.command`,
      });
    }
  });
}

/** An account_reconciliation step names a connector without a command: only the name is checked. */
function checkReconciliationConnector(
  step: WorkflowStep,
  index: number,
  connectors: ValidationOptions['connectors'],
  findings: Findings,
): void {
  const name = step.config.connector;
  if (typeof name !== 'string') return;
  if (!connectors) {
    findings.warning({
      code: 'connector_unverified',
      message: `Step ${step.id}: no connector catalogue was given, so connector ${name} could not be checked`,
      stepId: step.id,
    });
  } else if (!connectors.has(name)) {
    findings.error({
      code: 'unknown_connector',
      message: `Step ${step.id} uses unknown connector "${name}"`,
      stepId: step.id,
      path: `steps.${index}.config.connector`,
    });
  }
}

/**
 * A deactivating account_reconciliation step must name in `from` a collecting one of the same
 * connector: the batch it acts on is the one that step collected, and approved, in the run.
 */
function checkBatchSources(steps: readonly WorkflowStep[], findings: Findings): void {
  const index = indexSteps(steps);
  steps.forEach((step, stepIndex) => {
    if (step.type !== 'account_reconciliation' || step.config.action !== 'deactivate') return;
    const from = step.config.from;
    if (typeof from !== 'string') return;
    const source = index.get(from);
    const problem =
      !source || source.type !== 'account_reconciliation' || source.config.action !== 'collect'
        ? `names "${from}", which is not an account_reconciliation step that collects`
        : source.config.connector !== step.config.connector
          ? `deactivates on ${String(step.config.connector)} the batch step ${from} collects from ${String(source.config.connector)}`
          : undefined;
    if (problem)
      findings.error({
        code: 'invalid_batch_source',
        message: `Step ${step.id} ${problem}`,
        stepId: step.id,
        path: `steps.${stepIndex}.config.from`,
      });
  });
}

function checkConnectorParameters(
  steps: readonly WorkflowStep[],
  catalogue: ValidationOptions['connectorParameters'],
  report: (item: ValidationItem) => void,
): void {
  if (!catalogue) return;
  steps.forEach((step, index) => {
    if (step.type !== 'connector') return;
    const { connector, command, parameters = {} } = step.config;
    if (typeof connector !== 'string' || typeof command !== 'string') return;
    if (parameters === null || typeof parameters !== 'object' || Array.isArray(parameters)) return;
    const declared = catalogue.get(connector)?.get(command);
    if (!declared) return;
    for (const problem of parameterProblems(parameters as Record<string, unknown>, declared)) {
      const path = `steps.${index}.config.parameters${problem.path.map((segment) => `.${segment}`).join('')}`;
      if (problem.unknownName !== undefined) {
        const names = [...(declared.names ?? [])];
        report({
          code: 'unknown_connector_parameter',
          message: `Step ${step.id}: ${problem.unknownName} is not a parameter of ${connector}.${command} (${names.length > 0 ? `it takes ${names.join(', ')}` : 'it takes none'})`,
          stepId: step.id,
          path,
        });
      } else {
        report({
          code: 'invalid_connector_parameters',
          message: `Step ${step.id}: ${connector}.${command} would refuse its parameters at every run: ${problem.message}`,
          stepId: step.id,
          path,
        });
      }
    }
  });
}

function checkRoleNames(
  steps: readonly WorkflowStep[],
  roles: ValidationOptions['businessRoles'],
  report: (item: ValidationItem) => void,
  findings: Findings,
): void {
  if (!roles) return;
  steps.forEach((step, index) => {
    if (step.type !== 'role_grant' && step.type !== 'role_revoke') return;
    const name = step.config.role;
    // A role a run names through a placeholder is checked when the step runs.
    if (typeof name !== 'string' || hasPlaceholder(name)) return;
    const role = roles.get(name);
    const path = `steps.${index}.config.role`;
    if (!role) {
      report({
        code: 'unknown_role',
        message: `Step ${step.id} ${step.type === 'role_grant' ? 'grants' : 'revokes'} business role "${name}", which does not exist`,
        stepId: step.id,
        path,
      });
    } else if (!role.active && step.type === 'role_grant') {
      // It may be made active again before a run; until then every grant fails.
      findings.warning({
        code: 'inactive_role',
        message: `Step ${step.id} grants business role "${name}", which is inactive: its grants fail until the role is active again`,
        stepId: step.id,
        path,
      });
    }
  });
}

function checkSubjectVariable(definition: WorkflowDefinitionInput): ValidationItem | null {
  const name = definition.subjectVariable;
  if (!name) return null;
  const variable = definition.variables.find((candidate) => candidate.name === name);
  if (!variable) {
    return {
      code: 'subject_variable_undeclared',
      message: `subjectVariable ${name} is not a declared variable`,
      path: 'subjectVariable',
    };
  }
  if (variable.type !== 'user') {
    return {
      code: 'subject_variable_not_user',
      message: `subjectVariable ${name} must be of type user, not ${variable.type}`,
      path: 'subjectVariable',
    };
  }
  return null;
}
