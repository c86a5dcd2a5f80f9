import { z } from 'zod';
import { toRunView } from '../../services/runs/run-record.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { startRun, type RunsContext } from '../../services/runs/start-run.js';
import { issueWebhookSecret } from '../../services/runs/webhook-trigger.js';
import { idParams, queryBoolean, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { STEP_TYPES, STEP_TYPE_NAMES, TRANSITION_OUTCOMES } from '../../domain/step-types.js';
import { stepTypesReference } from '../../domain/step-types-reference.js';
import {
  CATEGORIES,
  WORKFLOW_STATUSES,
  workflowDefinitionInputSchema,
  workflowDefinitionPatchSchema,
  workflowViewSchema,
  workflowSummarySchema,
} from '../../domain/workflow-definition.js';
import { renderMermaidFlowchart, renderWorkflowMarkdown } from '../../rendering/workflow-docs.js';
import {
  deleteWorkflow,
  permanentlyDeleteWorkflow,
  restoreWorkflow,
} from '../../services/workflows/delete-workflow.js';
import { createWorkflow, moveWorkflow, updateWorkflow } from '../../services/workflows/edit-workflow.js';
import { listWorkflows } from '../../services/workflows/list-workflows.js';
import {
  deprecateWorkflow,
  publishWorkflow,
  revertWorkflowToDraft,
} from '../../services/workflows/publish-workflow.js';
import { loadValidationFacts, validateDefinition } from '../../services/workflows/validation.js';
import { loadWorkflow, toWorkflowView, type WorkflowView } from '../../services/workflows/workflow-record.js';
import { createWorkflowVersion, diffWorkflowVersions } from '../../services/workflows/workflow-versions.js';
import { validationFailed } from '../../errors/index.js';
import { listedFindings, MAX_LISTED_FINDINGS } from '../../services/workflows/listed-findings.js';
import { markSelfAudited } from '../audit-context.js';
import type { AppContext } from '../context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';
import { startedRunSchema } from './run-schemas.js';

const listQuery = paginationQuery({
  sortable: ['updatedAt', 'createdAt', 'name', 'version'],
  defaultSortBy: 'updatedAt',
}).extend({
  status: z.enum(WORKFLOW_STATUSES, { error: `status must be one of: ${WORKFLOW_STATUSES.join(', ')}` }).optional(),
  category: z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` }).optional(),
  project: queryText('project').optional().describe('Project name'),
  workflowSet: queryText('workflowSet').optional().describe('Workflow set name'),
  search: queryText('search').optional().describe('Case-insensitive match on name or description'),
  sourceWorkflowId: z
    .uuid({ error: 'sourceWorkflowId must be a UUID' })
    .optional()
    .describe('Only the versions created from this workflow (its next versions in the version chain)'),
  versionsOf: z
    .uuid({ error: 'versionsOf must be a UUID' })
    .optional()
    .describe('Every version of the workflow this one is a version of (its whole version chain, itself included)'),
  includeDeleted: queryBoolean('includeDeleted').optional(),
});

const validationItemSchema = z
  .object({ code: z.string(), message: z.string(), stepId: z.string().optional(), path: z.string().optional() })
  .meta({ id: 'ValidationItem' });
const validationResultSchema = z
  .object({
    valid: z.boolean(),
    errors: z.array(validationItemSchema).describe(`At most ${MAX_LISTED_FINDINGS} findings in all, errors first`),
    warnings: z.array(validationItemSchema),
    errorCount: z.number().int().describe('How many errors there are, listed or not'),
    warningCount: z.number().int().describe('How many warnings there are, listed or not'),
    subjectVariableError: validationItemSchema.nullable(),
  })
  .meta({ id: 'ValidationResult' });

// The definition is checked by the validator (which reports every problem with a stable code),
// not by the request schema, so these routes accept any object and document the real shape.
const definitionBody = z.record(z.string(), z.unknown());
const transitionEdge = z.object({ from: z.string(), on: z.string(), goto: z.string() });
const addedRemovedChanged = (key: 'id' | 'name') =>
  z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.object({ [key]: z.string(), changes: z.array(z.string()) })),
  });
/** src/engine/diff-definitions.ts: what changed between two versions. */
const definitionDiffSchema = z
  .object({
    from: z.uuid(),
    to: z.uuid(),
    identical: z.boolean(),
    fields: z
      .array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }))
      .describe("Settings that differ, in the order of the definition's fields"),
    steps: addedRemovedChanged('id').describe('Steps matched by id; changes are dotted paths such as config.approvers'),
    transitions: z.object({ added: z.array(transitionEdge), removed: z.array(transitionEdge) }),
    variables: addedRemovedChanged('name').describe(
      'Variables matched by name; changes are the properties that differ',
    ),
  })
  .meta({ id: 'WorkflowDiff' });
// Any object: a missing field, a field of the wrong type or a property a definition does not
// have is reported among the findings (`invalid_shape`), not refused, like every other problem of
// the definition, so the description constrains only the request's own flag.
const documentedValidateBody = z
  .object({ strict: z.boolean().optional().describe('Apply the publish-time rules') })
  .loose()
  .describe(
    'The workflow definition to check (the shape of WorkflowDefinitionInput), and strict. Fields that do not fit that shape are findings, not a 400.',
  );

const stepTypesSchema = z
  .object({
    transitionOutcomes: z.array(z.enum(TRANSITION_OUTCOMES)),
    stepTypes: z.array(
      z.object({
        type: z.enum(STEP_TYPE_NAMES),
        description: z.string(),
        outcomes: z.array(z.string()).describe('The outcomes its transitions may use'),
        configSchema: z
          .record(z.string(), z.unknown())
          .describe('JSON Schema of its config (the StepConfig_<type> schema)'),
      }),
    ),
  })
  .meta({ id: 'StepTypes' });

// A draft being edited may not be valid yet: the flowchart needs only ids, names, types and
// transitions, whatever else the steps hold.
const flowchartBody = z
  .object({
    steps: z.array(
      z
        .object({
          id: z.string({ error: 'each step needs an id' }),
          name: z.string({ error: 'each step needs a name' }),
          type: z.string({ error: 'each step needs a type' }),
          transitions: z
            .array(z.object({ on: z.string(), goto: z.string() }).loose(), {
              error: 'transitions must be a list of { on, goto }',
            })
            .default([]),
        })
        .loose(),
      { error: 'steps must be a list of steps' },
    ),
  })
  .loose()
  .describe('A definition, finished or not: only its steps are read');

const publishBody = z.object({ deprecatePreviousVersionId: z.uuid().optional() }).strict();
const deprecateBody = z
  .object({ replacedBy: z.uuid().optional().describe('The workflow that replaces this one, for the audit trail') })
  .strict();
const revertBody = z.object({ confirmationName: z.string({ error: 'confirmationName is required' }) }).strict();
const moveBody = z
  .object({ project: z.string().min(1).nullable(), workflowSet: z.string().min(1).nullable().default(null) })
  .strict()
  .refine((value) => !value.workflowSet || value.project, {
    message: 'workflowSet needs a project',
    path: ['workflowSet'],
  });
const docsQuery = z.object({
  format: z
    .enum(['markdown', 'mermaid'], { error: 'format must be markdown or mermaid' })
    .optional()
    .default('markdown'),
});

const workflow = { description: 'The workflow', schema: workflowViewSchema };
const publishedWorkflowSchema = workflowViewSchema
  .extend({
    otherActiveVersions: z
      .array(z.object({ id: z.uuid(), version: z.number().int(), href: z.string() }))
      .describe('Other versions of this workflow still active, newest first'),
    notice: z.string().optional().describe('Says which versions are still active and how to deprecate them'),
  })
  .meta({ id: 'PublishedWorkflow' });

/** Answers with a workflow and its revision as the ETag, which If-Match sends back. */
function sendWorkflow(ctx: AppContext, view: WorkflowView): void {
  ctx.set('ETag', `"${view.revision}"`);
  ctx.body = view;
}

/** The revision in an `If-Match: "<revision>"` header, if the client sent one. */
function expectedRevision(ctx: AppContext): number | undefined {
  const header = ctx.get('if-match').trim();
  if (header === '') return undefined;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header);
  if (!match) throw validationFailed('If-Match must hold the revision of the workflow, e.g. "3"');
  return Number(match[1]);
}

export function workflowRoutes(
  deps: ResourceRouterDependencies,
  runs: RunsContext & { connectors: ConnectorRuntime },
): ResourceRouter {
  const { db, config } = runs;
  // Step configs are validated per type by the validator; the description lists each type's schema.
  for (const type of STEP_TYPE_NAMES) {
    deps.docs.registerSchema(`StepConfig_${type}`, STEP_TYPES[type].config.describe(STEP_TYPES[type].description));
  }
  const baseUrl = (ctx: AppContext) => config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
  return new ResourceRouter('/api/workflows', 'Workflows', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listWorkflows',
      summary: 'List workflow definitions, as summaries without variables and steps',
      access: 'workflow:read',
      query: listQuery,
      responses: {
        200: { description: 'A page of workflow summaries', schema: pageSchema(workflowSummarySchema) },
      },
      async handler(ctx, { query }) {
        ctx.body = await listWorkflows(db, query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createWorkflow',
      summary: 'Create a draft (lenient validation: shape only)',
      access: 'workflow:create',
      body: definitionBody,
      documentedBody: workflowDefinitionInputSchema,
      responses: { 201: { description: 'The new draft', schema: workflowViewSchema } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createWorkflow(db, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'post',
      path: '/validate',
      operationId: 'validateWorkflow',
      summary: 'Dry-run validation; strict: true applies the publish-time rules. Nothing is saved.',
      access: 'workflow:read',
      body: definitionBody,
      documentedBody: documentedValidateBody,
      responses: { 200: { description: 'Findings', schema: validationResultSchema } },
      async handler(ctx, { body }) {
        const { strict, ...definition } = body;
        // The flag is the request's, not the definition's: a wrong one is refused, not a finding.
        if (strict !== undefined && typeof strict !== 'boolean') throw validationFailed('strict must be true or false');
        // Lenient validation reports what the facts show as warnings, strict as errors.
        const result = validateDefinition(definition, { strict: strict === true, ...(await loadValidationFacts(db)) });
        ctx.body = {
          valid: result.valid,
          ...listedFindings(result),
          subjectVariableError: result.subjectVariableError,
        };
      },
    })
    .add({
      method: 'get',
      path: '/step-types',
      operationId: 'listStepTypes',
      summary: 'Every step type with its outcomes and the JSON Schema of its config, for editors',
      access: 'workflow:read',
      responses: { 200: { description: 'The step types', schema: stepTypesSchema } },
      handler(ctx) {
        ctx.body = stepTypesReference();
      },
    })
    .add({
      method: 'post',
      path: '/flowchart',
      operationId: 'renderWorkflowFlowchart',
      summary: "The Mermaid flowchart of a definition that is not stored (an editor's unsaved draft)",
      description:
        'The same flowchart as GET /api/workflows/:id/docs?format=mermaid, drawn from the steps sent. Nothing is validated or saved: a transition to a step that does not exist is drawn as a missing step.',
      access: 'workflow:read',
      body: flowchartBody,
      responses: {
        200: { description: 'Mermaid text', schema: z.string(), contentType: ['text/plain'] },
        400: {
          description: 'steps is missing, or a step has no id, name or type, or its transitions are not { on, goto }',
        },
      },
      handler(ctx, { body }) {
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = renderMermaidFlowchart({ steps: body.steps.map((step) => ({ ...step, config: {} })) });
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getWorkflow',
      summary: 'One workflow definition, with a link to its previous version',
      access: 'workflow:read',
      params: idParams,
      query: z.object({ includeDeleted: queryBoolean('includeDeleted').optional() }),
      responses: { 200: workflow },
      async handler(ctx, { params, query }) {
        sendWorkflow(ctx, toWorkflowView(await loadWorkflow(db, params.id, { includeDeleted: query.includeDeleted })));
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      operationId: 'updateWorkflow',
      summary: 'Replace a draft (drafts only; 409 for other statuses)',
      description:
        'Without If-Match the body is a whole definition: every field, null for no project, workflow set or subject variable (400 listing the fields left out). With If-Match: "<revision>" (the ETag of GET) the fields sent replace the stored ones and the others are kept; a stale revision is a 412. A project or workflowSet other than the current ones moves the draft, which needs workflow:move (403 otherwise).',
      access: 'workflow:update',
      params: idParams,
      body: definitionBody,
      documentedBody: workflowDefinitionInputSchema,
      responses: {
        200: workflow,
        400: { description: 'A field left out (without If-Match), or a definition that is not valid' },
        409: { description: 'Not a draft, or changed by another request at the same time' },
        412: { description: 'If-Match names a revision that is not the stored one' },
      },
      async handler(ctx, { params, body }) {
        const edit = { kind: 'replace' as const, expectedRevision: expectedRevision(ctx) };
        sendWorkflow(ctx, await updateWorkflow(db, markSelfAudited(ctx), params.id, body, edit));
      },
    })
    .add({
      method: 'patch',
      path: '/:id',
      operationId: 'patchWorkflow',
      summary: 'Change some fields of a draft; the fields left out keep their values',
      description:
        'Send If-Match: "<revision>" (the ETag of GET) to refuse the change (412) if the draft changed since you read it. Moving to another project or workflow set needs workflow:move, as with PUT.',
      access: 'workflow:update',
      params: idParams,
      body: definitionBody,
      documentedBody: workflowDefinitionPatchSchema,
      responses: {
        200: workflow,
        400: { description: 'The definition with these changes is not valid' },
        409: { description: 'Not a draft, or changed by another request at the same time' },
        412: { description: 'If-Match names a revision that is not the stored one' },
      },
      async handler(ctx, { params, body }) {
        const edit = { kind: 'patch' as const, expectedRevision: expectedRevision(ctx) };
        sendWorkflow(ctx, await updateWorkflow(db, markSelfAudited(ctx), params.id, body, edit));
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteWorkflow',
      summary: 'Soft delete (restorable)',
      access: 'workflow:delete',
      params: idParams,
      responses: { 200: workflow },
      async handler(ctx, { params }) {
        ctx.body = await deleteWorkflow(db, markSelfAudited(ctx), params.id);
      },
    })
    .add({
      method: 'post',
      path: '/:id/restore',
      operationId: 'restoreWorkflow',
      summary: 'Restore a soft-deleted workflow',
      access: 'workflow:delete',
      params: idParams,
      responses: { 409: { description: 'The workflow is not deleted' }, 200: workflow },
      async handler(ctx, { params }) {
        ctx.body = await restoreWorkflow(db, markSelfAudited(ctx), params.id);
      },
    })
    .add({
      method: 'delete',
      path: '/:id/permanent',
      operationId: 'permanentlyDeleteWorkflow',
      summary: 'Permanently delete a soft-deleted workflow; its clones lose sourceWorkflowId',
      access: 'workflow:delete',
      params: idParams,
      responses: {
        409: { description: 'The workflow is not soft-deleted, or still has runs in progress or schedules' },
        200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) },
      },
      async handler(ctx, { params }) {
        await permanentlyDeleteWorkflow(db, markSelfAudited(ctx), params.id);
        ctx.body = { message: 'Workflow permanently deleted', id: params.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/publish',
      operationId: 'publishWorkflow',
      summary: 'Draft to active after strict validation; optionally deprecates the previous version atomically',
      access: 'workflow:publish',
      params: idParams,
      body: publishBody,
      description:
        'Versions of this workflow that stay active are listed in otherActiveVersions, with a notice: they keep taking new runs until deprecated (spec 9). deprecatePreviousVersionId names an earlier version of this workflow; one already deprecated is left as it is.',
      responses: {
        200: { description: 'The published workflow', schema: publishedWorkflowSchema },
        400: { description: 'Strict validation failed, or deprecatePreviousVersionId names another workflow' },
        409: { description: 'Not a draft, or the version to deprecate is a draft' },
      },
      async handler(ctx, { params, body }) {
        ctx.body = await publishWorkflow(db, markSelfAudited(ctx), params.id, body, runs.connectors.registry);
      },
    })
    .add({
      method: 'post',
      path: '/:id/deprecate',
      operationId: 'deprecateWorkflow',
      summary: 'Active to deprecated (needs project authority); existing runs continue, new ones are refused',
      access: 'workflow:update',
      params: idParams,
      body: deprecateBody,
      responses: {
        409: { description: 'Only active workflows can be deprecated' },
        200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) },
      },
      async handler(ctx, { params, body }) {
        await deprecateWorkflow(db, markSelfAudited(ctx), params.id, body);
        ctx.body = { message: 'Workflow deprecated', id: params.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/revert-to-draft',
      operationId: 'revertWorkflowToDraft',
      summary: 'Active or deprecated back to draft; confirmationName must equal the name (needs project authority)',
      access: 'workflow:publish',
      params: idParams,
      body: revertBody,
      responses: { 409: { description: 'The workflow is already a draft' }, 200: workflow },
      async handler(ctx, { params, body }) {
        ctx.body = await revertWorkflowToDraft(db, markSelfAudited(ctx), params.id, body.confirmationName);
      },
    })
    .add({
      method: 'post',
      path: '/:id/create-version',
      operationId: 'createWorkflowVersion',
      summary: 'New draft cloned from an active or deprecated workflow (needs project authority)',
      access: 'workflow:create',
      params: idParams,
      responses: {
        409: { description: 'Versions are created from published workflows only' },
        201: {
          description: 'The clone',
          schema: z.object({ message: z.string(), newWorkflow: workflowViewSchema, sourceWorkflowId: z.uuid() }),
        },
      },
      async handler(ctx, { params }) {
        const newWorkflow = await createWorkflowVersion(db, markSelfAudited(ctx), params.id);
        ctx.status = 201;
        ctx.body = { message: 'New draft version created', newWorkflow, sourceWorkflowId: params.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/move',
      operationId: 'moveWorkflow',
      summary: 'Move a workflow to another project and workflow set (or out of any)',
      access: 'workflow:move',
      params: idParams,
      body: moveBody,
      responses: {
        409: { description: 'The workflow was changed by another request at the same time' },
        200: workflow,
      },
      async handler(ctx, { params, body }) {
        ctx.body = await moveWorkflow(db, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'get',
      path: '/:id/diff',
      operationId: 'diffWorkflowVersions',
      summary: 'What changed from version `against` to this one (same version chain)',
      access: 'workflow:read',
      params: idParams,
      query: z.object({ against: z.uuid({ error: 'against must be the id of another version' }) }),
      responses: { 200: { description: 'A structured diff', schema: definitionDiffSchema } },
      async handler(ctx, { params, query }) {
        ctx.body = await diffWorkflowVersions(db, params.id, query.against);
      },
    })
    .add({
      method: 'post',
      path: '/:id/start',
      operationId: 'startRun',
      summary: 'Start a run; drafts start test runs, deprecated workflows are refused with 400',
      access: 'workflow:start',
      params: idParams,
      body: z.object({ variables: z.record(z.string(), z.unknown()).default({}) }).strict(),
      responses: {
        201: { description: 'The new run', schema: startedRunSchema },
        400: { description: 'Deprecated workflow, or missing or invalid variables' },
      },
      async handler(ctx, { params, body }) {
        const row = await startRun(runs, markSelfAudited(ctx), params.id, body.variables);
        ctx.status = 201;
        ctx.body = toRunView(row, config.temporal.uiUrl, config.temporal.namespace);
      },
    })
    .add({
      method: 'post',
      path: '/:id/webhook-secret',
      operationId: 'issueWebhookSecret',
      summary: "Issue (or replace) the secret of the workflow's webhook trigger; shown once; also needs workflow:start",
      access: 'workflow:update',
      params: idParams,
      responses: {
        201: {
          description: 'The secret and the address to call',
          schema: z.object({ secret: z.string(), path: z.string() }),
        },
      },
      async handler(ctx, { params }) {
        ctx.status = 201;
        ctx.body = await issueWebhookSecret(runs, markSelfAudited(ctx), params.id);
      },
    })
    .add({
      method: 'get',
      path: '/:id/docs',
      operationId: 'getWorkflowDocs',
      summary: 'Generated documentation: Markdown (default) or a Mermaid flowchart',
      access: 'workflow:read',
      params: idParams,
      query: docsQuery,
      responses: {
        200: {
          description: 'Markdown or Mermaid text',
          schema: z.string(),
          contentType: ['text/markdown', 'text/plain'],
        },
      },
      async handler(ctx, { params, query }) {
        const view = toWorkflowView(await loadWorkflow(db, params.id));
        if (query.format === 'mermaid') {
          ctx.type = 'text/plain; charset=utf-8';
          ctx.body = renderMermaidFlowchart(view);
        } else {
          ctx.type = 'text/markdown; charset=utf-8';
          ctx.body = renderWorkflowMarkdown(view, { baseUrl: baseUrl(ctx) });
        }
      },
    });
}
