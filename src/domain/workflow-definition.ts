import { z } from 'zod';

export const VARIABLE_TYPES = ['string', 'number', 'boolean', 'user', 'group', 'date', 'object', 'array'] as const;
export const CATEGORIES = ['user', 'group', 'project', 'general'] as const;
export const WORKFLOW_STATUSES = ['draft', 'active', 'deprecated'] as const;
export const TRIGGER_TYPES = ['manual', 'scheduled', 'webhook'] as const;
export const ERROR_STRATEGIES = ['stop', 'skip', 'retry'] as const;

const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must start with a letter or _ and hold only letters, digits and _');

export const variableSchema = z
  .object({
    name: identifier,
    type: z.enum(VARIABLE_TYPES),
    required: z.boolean().default(false),
    description: z.string().optional(),
    secret: z
      .boolean()
      .optional()
      .describe(
        'A credential or other secret: sealed when the run starts, shown as [REDACTED] to everyone after, opened only for connector calls. Variables named like credentials (password, token, secret, otp...) are secret without it',
      ),
  })
  .strict()
  .meta({ id: 'WorkflowVariable' });

export const transitionSchema = z
  .object({
    on: z.string().min(1).describe('Outcome of the step: success, error, approved, rejected, timeout, true or false'),
    goto: z.string().min(1).describe('Id of the next step'),
  })
  .strict()
  .meta({ id: 'Transition' });

/** A step's shape; its config is checked against its type's schema by the validator. */
export const stepSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1-100 letters, digits, _ or -'),
    name: z.string().min(1).max(200),
    type: z
      .string()
      .min(1)
      .describe(
        'start, end, notification, approval, task, condition, connector, role_grant, role_revoke, account_reconciliation or delay',
      ),
    config: z.record(z.string(), z.unknown()).default({}),
    transitions: z.array(transitionSchema).default([]),
  })
  .strict()
  .meta({ id: 'Step' });

export const workflowDefinitionFieldsSchema = z
  .object({
    name: z.string().max(200).trim().min(1, 'name is required'),
    description: z.string().max(5000).default(''),
    project: z.string().min(1).nullable().optional().describe('Project name'),
    workflowSet: z.string().min(1).nullable().optional().describe('Workflow set name inside the project'),
    category: z.enum(CATEGORIES).default('general'),
    subjectVariable: z.string().nullable().optional(),
    trigger: z
      .object({ types: z.array(z.enum(TRIGGER_TYPES)).min(1, 'trigger.types needs at least one type') })
      .strict()
      .default({ types: ['manual'] }),
    variables: z.array(variableSchema).default([]),
    steps: z.array(stepSchema).default([]),
    onError: z.enum(ERROR_STRATEGIES).default('stop'),
    debugLogging: z.boolean().default(false),
  })
  .strict();

/** The fields of a definition: what a whole one (`PUT` without `If-Match`) must each send. */
export const WORKFLOW_DEFINITION_FIELDS = Object.keys(workflowDefinitionFieldsSchema.shape) as Array<
  keyof typeof workflowDefinitionFieldsSchema.shape
>;

/**
 * Some fields of a definition, for partial edits: no defaults, so a field left out keeps its
 * stored value instead of being reset.
 */
const fields = workflowDefinitionFieldsSchema.shape;
export const workflowDefinitionPatchSchema = z
  .object({
    name: fields.name.optional(),
    description: fields.description.unwrap().optional(),
    project: fields.project,
    workflowSet: fields.workflowSet,
    category: fields.category.unwrap().optional(),
    subjectVariable: fields.subjectVariable,
    trigger: fields.trigger.unwrap().optional(),
    variables: fields.variables.unwrap().optional(),
    steps: fields.steps.unwrap().optional(),
    onError: fields.onError.unwrap().optional(),
    debugLogging: fields.debugLogging.unwrap().optional(),
  } satisfies Record<keyof typeof fields, z.ZodType>)
  .strict()
  .meta({ id: 'WorkflowDefinitionPatch' });

/** What a client sends to create, update or validate a definition. */
export const workflowDefinitionInputSchema = workflowDefinitionFieldsSchema
  .refine((value) => !value.workflowSet || value.project, {
    message: 'workflowSet needs a project',
    path: ['workflowSet'],
  })
  .meta({ id: 'WorkflowDefinitionInput' });

export type WorkflowDefinitionInput = z.output<typeof workflowDefinitionInputSchema>;
export type WorkflowVariable = z.output<typeof variableSchema>;
export type WorkflowStep = z.output<typeof stepSchema>;
export type Transition = z.output<typeof transitionSchema>;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** The graph part of a definition: what the validator, the interpreter and the docs read. */
export type WorkflowGraph = Pick<
  WorkflowDefinitionInput,
  'name' | 'variables' | 'steps' | 'subjectVariable' | 'onError'
>;

/** A stored definition as the API returns it. */
export const workflowViewSchema = workflowDefinitionFieldsSchema
  .extend({
    id: z.uuid(),
    status: z.enum(WORKFLOW_STATUSES),
    version: z
      .number()
      .int()
      .describe('Incremented by each publish; 0 for a new draft, the source version for a clone'),
    revision: z.number().int().describe('Bumped by every write'),
    sourceWorkflowId: z.uuid().nullable(),
    previousVersion: z.object({ id: z.uuid(), href: z.string() }).nullable(),
    createdBy: z.uuid().nullable(),
    publishedAt: z.date().nullable(),
    deletedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Workflow' });

export type WorkflowView = z.output<typeof workflowViewSchema>;

/**
 * A workflow in a list: everything but its variables and steps, which can make one definition
 * hundreds of kilobytes; `GET /api/workflows/:id` gives them.
 */
export const workflowSummarySchema = workflowViewSchema
  .omit({ variables: true, steps: true })
  .meta({ id: 'WorkflowSummary' });

export type WorkflowSummary = z.output<typeof workflowSummarySchema>;
