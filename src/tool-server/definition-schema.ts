import { z } from 'zod';
import { STEP_TYPE_NAMES } from '../domain/step-types.js';
import { MAX_STEP_ATTEMPTS } from '../engine/run-routing.js';
import {
  stepSchema,
  workflowDefinitionFieldsSchema,
  workflowDefinitionPatchSchema,
} from '../domain/workflow-definition.js';

/**
 * The definition as the tools take it: the API's schema, with the step type a list of the step
 * types (the API keeps a string, so that a draft with an unknown type is saved and its finding
 * reported) and the fields an assistant cannot guess the meaning of described.
 */

const toolStepSchema = stepSchema.extend({
  type: z
    .enum(STEP_TYPE_NAMES as [string, ...string[]])
    .describe('The step type; svc://schema/step-types gives the config schema and outcomes of each'),
});

const fields = workflowDefinitionFieldsSchema.shape;
const subjectVariable = fields.subjectVariable.describe(
  'Name of the variable whose value a run is about (e.g. "employee"), recorded as the run subject for tracking; null for none',
);
const triggerDescription =
  'How runs start: types among manual (a person or an API call), scheduled (a schedule) and webhook (an inbound webhook); default manual';
const onErrorDescription = `What happens when a step fails without an error transition: stop (the run fails, to retry or skip later), skip (go on along its success path) or retry (the step again, up to ${MAX_STEP_ATTEMPTS} attempts with backoff, then stop); default stop`;

export const toolDefinitionSchema = workflowDefinitionFieldsSchema.extend({
  subjectVariable,
  trigger: fields.trigger.describe(triggerDescription),
  steps: z.array(toolStepSchema).default([]),
  onError: fields.onError.describe(onErrorDescription),
});

const patch = workflowDefinitionPatchSchema.shape;
export const toolDefinitionPatchSchema = workflowDefinitionPatchSchema.extend({
  subjectVariable,
  trigger: patch.trigger.describe(triggerDescription),
  steps: z.array(toolStepSchema).optional(),
  onError: patch.onError.describe(onErrorDescription),
});

/**
 * The definition as the tool list shows it, which every session carries in its context: every
 * field with its type and the words a model needs, the rest (bounds, the shape of variables and
 * transitions, step configs) in svc://schema/workflow-definition and svc://schema/step-types.
 * Arguments are validated against the whole schema all the same. validate_workflow and
 * update_workflow point to create_workflow's, so that the list carries it once.
 */
const listedStep = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(STEP_TYPE_NAMES as [string, ...string[]]),
  config: z.record(z.string(), z.unknown()).optional(),
  transitions: z.array(z.object({ on: z.string(), goto: z.string().describe('Next step id') })).optional(),
});
export const listedDefinitionSchema = z
  .object({
    name: z.string(),
    subjectVariable: z.string().nullable().optional().describe('Variable the run is about, recorded as its subject'),
    trigger: z
      .looseObject({})
      .optional()
      .describe('How runs start: { types: [manual|scheduled|webhook] }; default manual'),
    variables: z.array(z.looseObject({})).optional().describe('[{ name, type }]'),
    steps: z.array(listedStep).optional(),
    onError: fields.onError.describe('A failed step without error transition: stop (default), skip or retry'),
  })
  .describe(
    'Also category, description, project, workflowSet, debugLogging. Schemas: svc://schema/workflow-definition, svc://schema/step-types',
  );
const listedFields = "create_workflow's definition";
export const listedValidateDefinitionSchema = z.looseObject({}).describe(`A definition, as ${listedFields}`);
export const listedDefinitionPatchSchema = z
  .looseObject({})
  .describe(`Fields of ${listedFields} to change; lists are replaced whole`);
