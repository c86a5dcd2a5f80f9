import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Tool as ListedTool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { queryText } from '../domain/common.js';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../domain/pagination.js';
import { RUN_STATUSES } from '../domain/run-statuses.js';
import { SYNC_RESOURCE_TYPES, syncConfigInputSchema } from '../domain/sync.js';
import { MAX_PREVIEW_SECONDS } from '../domain/sync-preview.js';
import {
  exportSelectionSchema,
  importStrategySchema,
  transferDocumentSchema,
  transferSectionSchema,
} from '../domain/transfer-document.js';
import { CATEGORIES, WORKFLOW_STATUSES } from '../domain/workflow-definition.js';
import { ROLES, type Permission } from '../permissions/index.js';
import { hiddenBecause, type ToolAccess, type ToolRequirements, type Toolset } from './tool-access.js';
import {
  listedDefinitionPatchSchema,
  listedDefinitionSchema,
  listedValidateDefinitionSchema,
  toolDefinitionPatchSchema,
  toolDefinitionSchema,
} from './definition-schema.js';
import { compactJsonSchema } from './compact-schema.js';
import { confirm, confirmArgument } from './confirmation.js';
import { cancelEffect, importEffect, publishEffect, retryEffect, startEffect, type Read } from './effects.js';
import { listAnswer, listArguments, listQuery, listSummary, type ListArguments } from './list-answers.js';
import type { ApiClient, ApiRequest, ApiResult } from './api-client.js';
import {
  failureResult,
  inToolWords,
  MAX_LISTED_FINDINGS,
  quoted,
  reportedFailureResult,
  successResult,
} from './results.js';

/**
 * Every tool of spec 4.11, plus skip_step, which the diagnosis flow ends in, and preview_sync (a sync
 * config checked before it is saved). Each tool is one API call: the API checks the caller's
 * permission, so a tool never needs more privilege than the token it runs with.
 */

// Ids go undescribed: their names and the uuid format say what they are, in a list every session pays for.
const workflowId = z.uuid({ error: 'workflowId must be a UUID' });
const runId = z.uuid({ error: 'runId must be a UUID' });
const reviewId = z.uuid({ error: 'reviewId must be a UUID' });
const itemId = z.uuid({ error: 'itemId must be a UUID' });
const definition = toolDefinitionSchema.describe(
  'A complete workflow definition (read svc://schema/workflow-definition and svc://schema/step-types)',
);

const pageFields = {
  page: z.number().int().min(1).max(MAX_PAGE).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe('Default 20'),
};
const search = queryText('search').optional().describe('Part of the name');

interface ToolDefinition<S extends z.ZodRawShape> {
  name: string;
  toolset: Toolset;
  /** Every permission its API route needs: a token without one of them is not shown the tool. */
  permissions: readonly Permission[];
  title: string;
  description: string;
  input: S;
  annotations: ToolAnnotations;
  request(args: z.output<z.ZodObject<S>>): ApiRequest;
  /** One line for the assistant (and its user) saying what came back. */
  summarize(data: unknown, args: z.output<z.ZodObject<S>>): string;
  /**
   * For calls whose effect comes after the answer (a cancellation): reads on through `call` and
   * answers the data to report instead.
   */
  settle?(data: unknown, call: (request: ApiRequest) => Promise<ApiResult>): Promise<unknown>;
  /** For answers that report a failure with a 2xx (a failed import): the failures, one per line. */
  failures?(data: unknown): string | undefined;
  /** The tool's answer made of the API's (summaries of a list), when it differs from it. */
  answer?(data: unknown, args: z.output<z.ZodObject<S>>): unknown;
  /** How to ask for less, said when an answer is cut at the budget. */
  narrow?: string;
  /**
   * Lighter schemas of large arguments for the tool list, which every session sends the model;
   * the arguments are still validated against `input`, and their descriptions name the resource
   * with the whole schema.
   */
  listedAs?: { [K in keyof S]?: z.ZodType };
  /**
   * For destructive calls: what this one would do, for a person to confirm first (confirmation.ts),
   * or undefined when it needs no confirmation. The tool then takes `confirm`.
   */
  effect?(args: z.output<z.ZodObject<S>>, read: Read): Promise<string | undefined>;
}

/** What registering a tool needs beside the server and the API. */
export interface ToolContext {
  /** Whether the transport lets the server ask the client (elicitation): stdio yes, stateless HTTP no. */
  elicitation: boolean;
}

interface Tool extends ToolRequirements {
  /** The tool as tools/list shows it. */
  listing(): ListedTool;
  /** Registers the tool on `server`, calling the API through `api`. */
  register(server: McpServer, api: ApiClient, context: ToolContext): void;
}

/**
 * The arguments of a tool, with no others: a misnamed filter (`workflowId` for `definitionId`)
 * would otherwise be dropped and the call answer as if unfiltered. The error names the known ones.
 */
function strictArguments<S extends z.ZodRawShape>(shape: S) {
  const known = Object.keys(shape).join(', ') || 'no arguments';
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown argument(s) ${issue.keys.join(', ')}: this tool takes ${known}`
        : undefined,
  });
}

/** A tool: its schema validates the arguments (the SDK answers isError when they do not fit), then one API call. */
function defineTool<S extends z.ZodRawShape>(tool: ToolDefinition<S>): Tool {
  return {
    name: tool.name,
    toolset: tool.toolset,
    permissions: tool.permissions,
    readOnly: tool.annotations.readOnlyHint === true,
    listing: () => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: compactJsonSchema(
        z.toJSONSchema(
          strictArguments({ ...tool.input, ...tool.listedAs, ...(tool.effect ? { confirm: confirmArgument } : {}) }),
          { io: 'input', unrepresentable: 'any', target: 'draft-7' },
        ),
      ) as ListedTool['inputSchema'],
      annotations: tool.annotations,
    }),
    register(server, api, context) {
      // The SDK validates the arguments against the schema first; parsing them again here gives
      // them their precise type without a cast.
      const input = tool.effect ? { ...tool.input, confirm: confirmArgument } : tool.input;
      const schema = strictArguments(input);
      const inputSchema: z.ZodType = schema;
      server.registerTool(
        tool.name,
        { title: tool.title, description: tool.description, inputSchema, annotations: tool.annotations },
        // The SDK aborts `signal` when the client cancels this request (notifications/cancelled).
        async (args, { signal }) => {
          const parsed = schema.parse(args) as z.output<z.ZodObject<S>> & { confirm?: boolean };
          const effect = await tool.effect?.(parsed, (request) => api.call(request, signal));
          if (effect !== undefined) {
            const answer = await confirm(server, {
              elicitation: context.elicitation,
              tool: tool.name,
              effect,
              confirmed: parsed.confirm,
              signal,
            });
            if (!answer.confirmed) return answer.result;
          }
          const result = await api.call(tool.request(parsed), signal);
          if (!result.ok) return failureResult(result.failure);
          const settled = tool.settle
            ? await tool.settle(result.data, (request) => api.call(request, signal))
            : result.data;
          const data = tool.answer ? (tool.answer(settled, parsed) ?? settled) : settled;
          const summary = tool.summarize(data, parsed);
          const failures = tool.failures?.(data);
          return failures === undefined
            ? successResult(summary, data, tool.narrow)
            : reportedFailureResult(summary, failures, data);
        },
      );
    },
  };
}

const readOnly: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

interface ListToolDefinition<S extends z.ZodRawShape> extends Omit<
  ToolDefinition<S & typeof listArguments>,
  'input' | 'request' | 'summarize' | 'annotations' | 'answer'
> {
  path: string;
  filters: S;
  /** The fields of each item shown unless `fields` asks for more. */
  summaryFields: readonly string[];
  noun: string;
}

/** A read-only list tool: filters, then summaries with `fields`, `cursor` and `hasMore`. */
function defineListTool<S extends z.ZodRawShape>(tool: ListToolDefinition<S>): Tool {
  const { path, filters, summaryFields, noun, ...rest } = tool;
  return defineTool<S & typeof listArguments>({
    ...rest,
    input: { ...filters, ...listArguments },
    annotations: readOnly,
    // Typed by the shape of S, which TypeScript cannot relate to ListArguments generically.
    request: (args) => ({ method: 'GET', path, query: listQuery(args as ListArguments) }),
    answer: (data, args) =>
      listAnswer(data, listQuery(args as ListArguments), summaryFields, (args as ListArguments).fields),
    summarize: (data) => {
      const parsed = listAnswerShape.safeParse(data);
      return parsed.success ? listSummary(parsed.data, noun) : 'Done; the API answer follows.';
    },
    narrow: 'Ask for fewer fields or a smaller pageSize, and page on with cursor.',
  });
}

const listAnswerShape = z.object({
  total: z.number(),
  items: z.array(z.record(z.string(), z.unknown())),
  hasMore: z.boolean(),
  otherFields: z.array(z.string()),
});
// idempotentHint is left out where it is false, its default.
const writes = (hints: Omit<ToolAnnotations, 'readOnlyHint'>): ToolAnnotations => ({
  readOnlyHint: false,
  openWorldHint: false,
  ...hints,
});

// Summaries read a few fields of the API's answer; an answer of another shape gets a plain one.
const reconciliationShape = z.object({
  counts: z.object({ orphans: z.number(), activeAccountsOfInactiveUsers: z.number() }),
});
const workflowShape = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  version: z.number(),
  revision: z.number(),
  notice: z.string().optional(),
});
const findingsShape = z.object({
  valid: z.boolean(),
  errors: z.array(z.unknown()),
  warnings: z.array(z.unknown()),
  errorCount: z.number(),
  warningCount: z.number(),
});
const runShape = z.object({
  id: z.string(),
  status: z.string(),
  definitionName: z.string(),
  currentStepId: z.string().nullable(),
});
const versionShape = z.object({ newWorkflow: z.object({ id: z.string() }), sourceWorkflowId: z.string() });
const diagnosisShape = z.object({
  failedStep: z
    .object({ id: z.string(), type: z.string(), error: z.object({ message: z.string() }).nullable().optional() })
    .nullable()
    .optional(),
  suggestedActions: z.array(z.object({ action: z.string() })).optional(),
});

const documentShape = z.object({ entities: z.record(z.string(), z.array(z.unknown())) });
const importResultShape = z.object({
  status: z.string(),
  summary: z.object({ created: z.number(), updated: z.number(), skipped: z.number(), errors: z.number() }),
});

/** `describe(parsed)` when `data` has `shape`, otherwise a plain acknowledgement. */
const summaryOf =
  <T extends z.ZodType>(shape: T, describe: (value: z.output<T>) => string) =>
  (data: unknown): string => {
    const parsed = shape.safeParse(data);
    return parsed.success ? describe(parsed.data) : 'Done; the API answer follows.';
  };

const workflowSummary = (verb: string) =>
  summaryOf(
    workflowShape,
    (workflow) =>
      `${verb} ${quoted(workflow.name)} (id ${workflow.id}, ${workflow.status}, version ${workflow.version}, revision ${workflow.revision}).${workflow.notice ? ` ${inToolWords(workflow.notice)}` : ''}`,
  );
const listedPart = (result: z.output<typeof findingsShape>) =>
  result.errors.length + result.warnings.length < result.errorCount + result.warningCount
    ? ` (the first ${result.errors.length + result.warnings.length} listed)`
    : '';
const findingsSummary = summaryOf(findingsShape, (result) =>
  result.valid
    ? `Valid (${result.warningCount} warning(s)).`
    : `Invalid: ${result.errorCount} error(s), ${result.warningCount} warning(s)${listedPart(result)}. Fix each error by its code and path, then validate again.`,
);
const runSummary = summaryOf(
  runShape,
  (run) =>
    `Run ${run.id} of ${quoted(run.definitionName)} is ${run.status}${run.currentStepId ? ` (at step ${run.currentStepId})` : ''}.`,
);
// A cancellation reaches the run through its workflow execution, a moment after the API answers.
const CANCEL_SETTLE_MS = 5_000;
const CANCEL_POLL_MS = 200;

/** The run once it is cancelled, or as it is when CANCEL_SETTLE_MS have passed (or a read fails). */
async function cancelledRun(data: unknown, call: (request: ApiRequest) => Promise<ApiResult>): Promise<unknown> {
  const run = runShape.safeParse(data);
  if (!run.success) return data;
  const deadline = Date.now() + CANCEL_SETTLE_MS;
  let latest: unknown = data;
  let status = run.data.status;
  while (status !== 'cancelled' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, CANCEL_POLL_MS));
    const read = await call({ method: 'GET', path: `/api/runs/${run.data.id}` });
    const parsed = read.ok ? runShape.safeParse(read.data) : undefined;
    if (!read.ok || !parsed?.success) break;
    latest = read.data;
    status = parsed.data.status;
  }
  return latest;
}

const cancelSummary = summaryOf(runShape, (run) =>
  run.status === 'cancelled'
    ? `Run ${run.id} of ${quoted(run.definitionName)} is cancelled.`
    : `Cancellation of run ${run.id} of ${quoted(run.definitionName)} requested and in progress: it is still ${run.status}${run.currentStepId ? ` (at step ${run.currentStepId})` : ''}. Call get_run to see it cancelled.`,
);

const versionSummary = summaryOf(
  versionShape,
  (result) =>
    `New draft ${result.newWorkflow.id} cloned from ${result.sourceWorkflowId}; change it with update_workflow.`,
);
// An overview names at most this many entries per section; the count says how many there are.
const OVERVIEW_NAMES = 100;

/** What an export without `entities` answers: each section's entries by name, and the whole document's size. */
function documentOverview(data: unknown) {
  const document = documentShape.safeParse(data);
  if (!document.success) return undefined;
  const characters = JSON.stringify(data).length;
  const sections = Object.fromEntries(
    Object.entries(document.data.entities).map(([section, entries]) => {
      const names = entries.map((entry) => {
        const { name, email } = (entry ?? {}) as { name?: unknown; email?: unknown };
        return typeof name === 'string' ? name : typeof email === 'string' ? email : '?';
      });
      return [section, { count: entries.length, names: names.slice(0, OVERVIEW_NAMES) }];
    }),
  );
  return { overview: true, characters, tokens: Math.ceil(characters / 4), sections };
}

const overviewShape = z.object({
  overview: z.literal(true),
  characters: z.number(),
  tokens: z.number(),
  sections: z.record(z.string(), z.object({ count: z.number() })),
});

const exportSummary = (data: unknown) => {
  const overview = overviewShape.safeParse(data);
  if (!overview.success) return documentSummary(data);
  const counts = Object.entries(overview.data.sections).map(([section, { count }]) => `${section} ${count}`);
  return `Overview, not the document: the whole document is ${overview.data.characters} characters (about ${overview.data.tokens} tokens), with ${counts.join(', ') || 'no entries'}. Call again with entities, whole sections (["workflows"]) or names per section ({ "workflows": ["Onboarding"] }), for their content.`;
};

const documentSummary = summaryOf(documentShape, (document) => {
  const sections = Object.entries(document.entities).map(([section, entries]) => `${section} ${entries.length}`);
  return sections.length > 0 ? `Exported ${sections.join(', ')}.` : 'Exported an empty document.';
});
const importDetailShape = z.object({
  entity: z.string(),
  name: z.string(),
  action: z.string(),
  error: z.string().optional(),
});
const importFailureShape = importResultShape.extend({ details: z.array(importDetailShape) });
/** The entries an import could not write, when any: `failed` and `completed_with_errors` are errors. */
const importFailures = (data: unknown): string | undefined => {
  const parsed = importFailureShape.safeParse(data);
  if (!parsed.success || parsed.data.status === 'completed') return undefined;
  const failed = parsed.data.details.filter((detail) => detail.action === 'error');
  const lines = failed
    .slice(0, MAX_LISTED_FINDINGS)
    .map((detail) => `- ${detail.entity} ${quoted(detail.name)}: ${quoted(detail.error ?? 'error')}`);
  const head =
    failed.length > lines.length
      ? `${failed.length} entry(ies) failed, the first ${lines.length} listed:`
      : `${failed.length} entry(ies) failed:`;
  return [head, ...lines].join('\n');
};

const importSummary = (dryRun: boolean) =>
  summaryOf(importResultShape, ({ status, summary }) => {
    const counts = `${summary.created} created, ${summary.updated} updated, ${summary.skipped} skipped, ${summary.errors} error(s)`;
    if (dryRun) {
      return status === 'completed'
        ? `Preview, nothing written (${status}): ${counts}. Call again with dryRun: false to import.`
        : `Preview, nothing written (${status}): ${counts}. The entries below would fail: fix the document or choose another strategy first.`;
    }
    if (status === 'failed') return `Import failed, every entry refused (${status}): ${counts}.`;
    return status === 'completed'
      ? `Imported (${status}): ${counts}.`
      : `Imported with errors (${status}): ${counts}; the entries below were not written.`;
  });

const countShape = z.object({ count: z.number() });
const syncPreviewShape = z.object({
  status: z.string(),
  message: z.string(),
  records: z.record(z.string(), countShape).nullable(),
  postSync: z
    .object({
      matches: countShape,
      usersCreated: countShape,
      deactivation: z.object({ held: z.boolean(), usersDeactivated: countShape, usersHeld: countShape }),
      profileChanges: z.object({ users: z.number() }),
    })
    .nullable(),
});
const syncPreviewSummary = summaryOf(syncPreviewShape, ({ status, message, records, postSync }) => {
  if (!records) return `Preview ${status}, nothing changed: ${quoted(message)}.`;
  const counts = Object.entries(records).map(([change, { count }]) => `${count} ${change}`);
  const steps = postSync
    ? `; post-sync: ${postSync.matches.count} matched, ${postSync.usersCreated.count} user(s) created, ` +
      (postSync.deactivation.held
        ? `${postSync.deactivation.usersHeld.count} deactivation(s) HELD by the safeguard`
        : `${postSync.deactivation.usersDeactivated.count} user(s) deactivated`) +
      `, ${postSync.profileChanges.users} profile(s) changed`
    : '; no post-sync step would run';
  return `Preview, nothing changed: records ${counts.join(', ')}${steps}.`;
});

const reviewItemSummary = summaryOf(
  z.object({
    id: z.string(),
    decision: z.string().nullable(),
    access: z.object({ label: z.string() }),
    subject: z.object({ displayName: z.string().nullable(), email: z.string().nullable() }),
  }),
  (item) =>
    `Item ${item.id}: ${item.decision ?? 'undecided'}, ${quoted(item.access.label)} of ${quoted(item.subject.displayName ?? item.subject.email ?? 'someone')}.`,
);
const accessReviewSummary = summaryOf(
  z.object({
    name: z.string(),
    status: z.string(),
    dueAt: z.string().nullable(),
    progress: z.object({ total: z.number(), decided: z.number(), revoked: z.number(), remediated: z.number() }),
  }),
  ({ name, status, dueAt, progress }) =>
    `Campaign ${quoted(name)} is ${status}${dueAt ? `, due ${dueAt}` : ''}: ${progress.decided} of ${progress.total} items decided, ${progress.revoked} revoked, ${progress.remediated} removed.`,
);

// The diagnosis's suggested actions, as the tools that take them.
const ACTION_TOOLS: Record<string, string> = {
  retry: 'retry_run',
  skip: 'skip_step',
  fix_workflow: 'fix the workflow (create_version, update_workflow, publish_workflow)',
};

const diagnosisSummary = summaryOf(diagnosisShape, (diagnosis) => {
  const actions =
    (diagnosis.suggestedActions ?? []).map((item) => ACTION_TOOLS[item.action] ?? item.action).join(', ') || 'none';
  const failed = diagnosis.failedStep;
  return failed
    ? `Step ${failed.id} (${failed.type}) failed with the message ${quoted(failed.error?.message ?? '')}. Suggested actions: ${actions}.`
    : `No failed step. Suggested actions: ${actions}.`;
});

const TOOLS = [
  defineListTool({
    name: 'list_review_items',
    toolset: 'reviews',
    permissions: ['review:decide'],
    title: 'List my review items',
    description: 'Your undecided access review items, with recommendations.',
    filters: {},
    path: '/api/access-reviews/my-items',
    summaryFields: ['id', 'review', 'subject', 'access', 'recommendations', 'overdue'],
    noun: 'item(s)',
  }),
  defineTool({
    name: 'decide_review_item',
    toolset: 'reviews',
    permissions: ['review:decide'],
    title: 'Decide a review item',
    description: 'Keep or revoke one of your items; a revoke needs a comment.',
    input: {
      reviewId,
      itemId,
      decision: z.enum(['keep', 'revoke']),
      comment: z.string().max(2000).optional(),
    },
    annotations: writes({ destructiveHint: false, idempotentHint: true }),
    request: (args) => ({
      method: 'POST',
      path: `/api/access-reviews/${args.reviewId}/items/${args.itemId}/decide`,
      body: { decision: args.decision, comment: args.comment ?? null },
    }),
    summarize: reviewItemSummary,
  }),
  defineTool({
    name: 'get_access_review',
    toolset: 'reviews',
    permissions: ['review:read'],
    title: 'Get an access review',
    description: 'An access review campaign with its progress.',
    input: { reviewId },
    annotations: readOnly,
    request: (args) => ({ method: 'GET', path: `/api/access-reviews/${args.reviewId}` }),
    summarize: accessReviewSummary,
  }),
  defineListTool({
    name: 'list_workflows',
    toolset: 'workflows',
    permissions: ['workflow:read'],
    title: 'List workflows',
    description: 'Workflow definitions, newest first, without variables and steps.',
    filters: {
      status: z.enum(WORKFLOW_STATUSES).optional(),
      category: z.enum(CATEGORIES).optional(),
      project: queryText('project').optional().describe('Project name'),
      workflowSet: queryText('workflowSet').optional().describe('Workflow set name'),
      search: queryText('search').optional().describe('Part of name or description'),
    },
    path: '/api/workflows',
    summaryFields: ['id', 'name', 'status', 'version', 'category', 'project', 'workflowSet'],
    noun: 'workflow(s)',
  }),
  defineTool({
    name: 'get_workflow',
    toolset: 'workflows',
    permissions: ['workflow:read'],
    title: 'Get a workflow',
    description: 'One workflow whole: variables, steps, transitions, status, version.',
    input: { workflowId },
    annotations: readOnly,
    request: (args) => ({ method: 'GET', path: `/api/workflows/${args.workflowId}` }),
    summarize: workflowSummary('Workflow'),
  }),
  defineTool({
    name: 'create_workflow',
    toolset: 'workflows',
    permissions: ['workflow:create'],
    title: 'Create a draft workflow',
    description:
      'Create a draft from a definition, checked for shape only: validate_workflow (strict) before publishing.',
    input: { definition },
    listedAs: { definition: listedDefinitionSchema },
    annotations: writes({ destructiveHint: false }),
    request: (args) => ({ method: 'POST', path: '/api/workflows', body: args.definition }),
    summarize: workflowSummary('Created draft'),
  }),
  defineTool({
    name: 'update_workflow',
    toolset: 'workflows',
    permissions: ['workflow:update'],
    title: 'Update a draft workflow',
    description:
      'Change fields of a draft (create_version first for an active one). Moving project or workflowSet needs workflow:move.',
    input: {
      workflowId,
      changes: toolDefinitionPatchSchema.describe(
        'The fields of the definition to change (read svc://schema/workflow-definition); steps and variables are replaced as a whole list',
      ),
      expectedRevision: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('From get_workflow: refused if the draft changed since'),
    },
    listedAs: { changes: listedDefinitionPatchSchema },
    annotations: writes({ destructiveHint: true, idempotentHint: true }),
    request: (args) => ({
      method: 'PATCH',
      path: `/api/workflows/${args.workflowId}`,
      body: args.changes,
      headers: args.expectedRevision === undefined ? undefined : { 'if-match': `"${args.expectedRevision}"` },
    }),
    summarize: workflowSummary('Updated draft'),
  }),
  defineTool({
    name: 'validate_workflow',
    toolset: 'workflows',
    permissions: ['workflow:read'],
    title: 'Validate a definition',
    description:
      'Validate a definition, saving nothing; strict (default) applies the publish rules. Findings have code, message, path.',
    input: {
      definition,
      strict: z.boolean().default(true).describe('Publish-time rules'),
    },
    listedAs: { definition: listedValidateDefinitionSchema },
    annotations: readOnly,
    request: (args) => ({
      method: 'POST',
      path: '/api/workflows/validate',
      body: { ...args.definition, strict: args.strict },
    }),
    summarize: findingsSummary,
  }),
  defineTool({
    name: 'publish_workflow',
    toolset: 'workflows',
    permissions: ['workflow:publish'],
    title: 'Publish a draft',
    description:
      'Make a draft active after strict validation, optionally deprecating an earlier version (needs workflow:update).',
    input: {
      workflowId,
      deprecatePreviousVersionId: z
        .uuid()
        .optional()
        .describe('An earlier version it replaces, deprecated in the same step'),
    },
    effect: (args, read) => publishEffect(read, args),
    annotations: writes({ destructiveHint: true }),
    request: (args) => ({
      method: 'POST',
      path: `/api/workflows/${args.workflowId}/publish`,
      body: args.deprecatePreviousVersionId ? { deprecatePreviousVersionId: args.deprecatePreviousVersionId } : {},
    }),
    summarize: workflowSummary('Published'),
  }),
  defineTool({
    name: 'create_version',
    toolset: 'workflows',
    permissions: ['workflow:create'],
    title: 'Create a new version',
    description: 'Clone an active or deprecated workflow into a new draft.',
    input: { workflowId },
    annotations: writes({ destructiveHint: false }),
    request: (args) => ({ method: 'POST', path: `/api/workflows/${args.workflowId}/create-version` }),
    summarize: versionSummary,
  }),
  defineTool({
    name: 'generate_workflow_docs',
    toolset: 'workflows',
    permissions: ['workflow:read'],
    title: 'Generate workflow documentation',
    description: 'Documentation of a workflow: Markdown or a Mermaid flowchart.',
    input: {
      workflowId,
      format: z.enum(['markdown', 'mermaid']).default('markdown'),
    },
    annotations: readOnly,
    request: (args) => ({
      method: 'GET',
      path: `/api/workflows/${args.workflowId}/docs`,
      query: { format: args.format },
    }),
    summarize: (data) => (typeof data === 'string' ? data : 'Done; the API answer follows.'),
  }),
  defineListTool({
    name: 'list_runs',
    toolset: 'runs',
    permissions: ['run:read'],
    title: 'List runs',
    description: 'List runs, newest first. status=failed finds the runs to diagnose.',
    filters: {
      status: z.enum(RUN_STATUSES).optional(),
      definitionId: z.uuid().optional().describe('Workflow id'),
      startedBy: z.uuid().optional().describe('User id'),
      from: z.iso
        .datetime({
          offset: true,
          error: 'from must be an ISO 8601 time with its time zone, e.g. 2025-01-31T08:00:00Z',
        })
        .optional()
        .describe('Started at or after; ISO 8601 with time zone (2025-01-31T08:00:00Z)'),
      to: z.iso
        .datetime({ offset: true, error: 'to must be an ISO 8601 time with its time zone, e.g. 2025-01-31T08:00:00Z' })
        .optional()
        .describe('Started before; ISO 8601 with time zone (+01:00 or Z)'),
    },
    path: '/api/runs',
    summaryFields: ['id', 'status', 'definitionId', 'definitionName', 'currentStepId', 'startedAt', 'completedAt'],
    noun: 'run(s)',
  }),
  defineTool({
    name: 'get_run',
    toolset: 'runs',
    permissions: ['run:read'],
    title: 'Get a run',
    description: 'A run with its status, variables, error and steps.',
    input: { runId },
    annotations: readOnly,
    request: (args) => ({ method: 'GET', path: `/api/runs/${args.runId}` }),
    summarize: runSummary,
  }),
  defineTool({
    name: 'start_run',
    toolset: 'runs',
    permissions: ['workflow:start'],
    title: 'Start a run',
    description: 'Start a run of a workflow; runs of drafts are test runs.',
    input: {
      workflowId,
      variables: z.record(z.string(), z.unknown()).default({}),
    },
    // Destructive: a run's steps may revoke roles, disable accounts or call outside systems.
    effect: (args, read) => startEffect(read, args),
    annotations: writes({ destructiveHint: true, openWorldHint: true }),
    request: (args) => ({
      method: 'POST',
      path: `/api/workflows/${args.workflowId}/start`,
      body: { variables: args.variables },
    }),
    summarize: runSummary,
  }),
  defineTool({
    name: 'cancel_run',
    toolset: 'runs',
    permissions: ['run:cancel'],
    title: 'Cancel a run',
    description: 'Cancel an unfinished run; its open approvals and tasks close.',
    input: { runId },
    effect: (args, read) => cancelEffect(read, args),
    annotations: writes({ destructiveHint: true, idempotentHint: true }),
    request: (args) => ({ method: 'POST', path: `/api/runs/${args.runId}/cancel` }),
    settle: cancelledRun,
    summarize: cancelSummary,
  }),
  defineTool({
    name: 'retry_run',
    toolset: 'runs',
    permissions: ['run:update'],
    title: 'Retry a failed run',
    description: 'Resume a failed run at its failed step once the cause is fixed.',
    input: { runId },
    // Destructive like start_run: the steps it resumes may change access.
    effect: (args, read) => retryEffect(read, args),
    annotations: writes({ destructiveHint: true, openWorldHint: true }),
    request: (args) => ({ method: 'POST', path: `/api/runs/${args.runId}/retry` }),
    summarize: runSummary,
  }),
  defineTool({
    name: 'skip_step',
    toolset: 'runs',
    permissions: ['run:update'],
    title: 'Skip the failed step',
    description: 'Skip the failed step of a failed run and continue on its success path.',
    input: { runId },
    annotations: writes({ destructiveHint: true, openWorldHint: true }),
    request: (args) => ({ method: 'POST', path: `/api/runs/${args.runId}/skip` }),
    summarize: runSummary,
  }),
  defineTool({
    name: 'diagnose_run',
    toolset: 'runs',
    permissions: ['run:read'],
    title: 'Diagnose a run',
    description: 'Why a run failed: the failed step and its error, audit trail, variables, suggested actions.',
    input: { runId },
    annotations: readOnly,
    request: (args) => ({ method: 'GET', path: `/api/runs/${args.runId}/diagnose` }),
    summarize: diagnosisSummary,
  }),
  defineListTool({
    name: 'list_connectors',
    toolset: 'connectors',
    permissions: ['connector:read'],
    title: 'List connectors',
    description: 'Connectors that connector steps can call, with their commands.',
    filters: {
      type: queryText('type').optional().describe('Handler, e.g. http'),
      enabled: z.boolean().optional(),
      search,
    },
    path: '/api/connectors',
    summaryFields: ['id', 'name', 'type', 'enabled', 'description'],
    noun: 'connector(s)',
  }),
  defineTool({
    name: 'preview_sync',
    toolset: 'connectors',
    permissions: ['connector:manage', 'connector:read'],
    title: 'Preview a sync pass',
    description:
      'What the next sync pass of a connector would do (records, matches, users created or deactivated), changing nothing.',
    input: {
      connectorId: z
        .uuid({ error: 'connectorId must be a UUID' })
        .describe('Id of the connector (see list_connectors)'),
      resourceType: z.enum(SYNC_RESOURCE_TYPES),
      changes: syncConfigInputSchema.optional().describe('Sync config fields to preview instead of the stored ones'),
      timeLimitSeconds: z
        .number()
        .int()
        .min(1)
        .max(MAX_PREVIEW_SECONDS)
        .default(25)
        .describe('Default 25, within the default API time limit of 30 s'),
    },
    listedAs: {
      changes: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Sync config fields applied over the stored ones, for this preview only'),
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    request: (args) => ({
      method: 'POST',
      path: `/api/connectors/${args.connectorId}/sync-config/${args.resourceType}/preview`,
      query: { timeLimitSeconds: args.timeLimitSeconds },
      body: args.changes ?? {},
    }),
    summarize: syncPreviewSummary,
  }),
  defineTool({
    name: 'get_reconciliation',
    toolset: 'connectors',
    permissions: ['connector:read'],
    title: 'Reconcile a connector’s accounts',
    description:
      'A connector’s orphan accounts (no Flowgate user) and active accounts of inactive users, a page of each with counts.',
    input: {
      connectorId: z.uuid({ error: 'connectorId must be a UUID' }),
      ...pageFields,
    },
    annotations: readOnly,
    request: ({ connectorId, ...query }) => ({
      method: 'GET',
      path: `/api/connectors/${connectorId}/reconciliation`,
      query,
    }),
    summarize: summaryOf(
      reconciliationShape,
      ({ counts }) =>
        `${counts.orphans} orphan account(s); ${counts.activeAccountsOfInactiveUsers} active account(s) of inactive users.`,
    ),
  }),
  defineListTool({
    name: 'list_projects',
    toolset: 'directory',
    permissions: ['project:read'],
    title: 'List projects',
    description: 'Projects with their workflow sets (a definition names both).',
    filters: { search },
    path: '/api/projects',
    summaryFields: ['id', 'name', 'description', 'workflowSets'],
    noun: 'project(s)',
  }),
  defineListTool({
    name: 'list_roles',
    toolset: 'directory',
    permissions: ['role_definition:read'],
    title: 'List business roles',
    description: 'Business roles (named by role_grant and role_revoke steps).',
    filters: { search },
    path: '/api/roles',
    summaryFields: ['id', 'name', 'description'],
    noun: 'role(s)',
  }),
  defineListTool({
    name: 'list_users',
    toolset: 'directory',
    permissions: ['user:read'],
    title: 'List users',
    description: 'Users (approvers, assignees, subjects of runs).',
    filters: {
      email: queryText('email').optional(),
      role: z.enum(ROLES).optional(),
      search: queryText('search').optional().describe('Part of email or name'),
      includeDeleted: z.boolean().optional(),
    },
    path: '/api/users',
    summaryFields: ['id', 'email', 'displayName', 'roles', 'active'],
    noun: 'user(s)',
  }),
  defineListTool({
    name: 'list_groups',
    toolset: 'directory',
    permissions: ['group:read'],
    title: 'List groups',
    description: 'User groups.',
    filters: { search },
    path: '/api/groups',
    summaryFields: ['id', 'name', 'description'],
    noun: 'group(s)',
  }),
  defineListTool({
    name: 'list_schedules',
    toolset: 'schedules',
    permissions: ['schedule:read'],
    title: 'List schedules',
    description: 'Schedules that start runs by cron expression.',
    filters: { workflowId: z.uuid().optional() },
    path: '/api/schedules',
    summaryFields: ['id', 'name', 'workflowId', 'cronExpression', 'enabled', 'nextRunAt'],
    noun: 'schedule(s)',
  }),
  defineTool({
    name: 'export_config',
    toolset: 'config',
    permissions: ['config:export'],
    title: 'Export configuration',
    description:
      'Export configuration as a portable document (no ids or secrets). Without entities: names per section and the whole size.',
    input: {
      entities: z
        .union([z.array(transferSectionSchema).min(1), exportSelectionSchema.shape.entities])
        .optional()
        .describe('Sections (["workflows"]) or names per section ({ "workflows": ["Onboarding"] })'),
      includeDependencies: exportSelectionSchema.shape.includeDependencies.describe(
        'With names: also what they refer to (default true)',
      ),
    },
    listedAs: {
      entities: z
        .union([z.array(transferSectionSchema), z.record(z.string(), z.array(z.string()))])
        .optional()
        .describe('Sections (["workflows"]) or names per section ({ "workflows": ["Onboarding"] })'),
    },
    annotations: readOnly,
    request: (args) =>
      args.entities === undefined || Array.isArray(args.entities)
        ? { method: 'GET', path: '/api/config/export', query: { entities: args.entities?.join(',') } }
        : {
            method: 'POST',
            path: '/api/config/export',
            body: { entities: args.entities, includeDependencies: args.includeDependencies },
          },
    answer: (data, args) => (args.entities === undefined ? documentOverview(data) : undefined),
    summarize: exportSummary,
    narrow: 'Export fewer sections, or names per section with includeDependencies: false.',
  }),
  defineTool({
    name: 'import_config',
    toolset: 'config',
    permissions: ['config:import'],
    title: 'Import configuration',
    description: 'Import an export_config document in one transaction. dryRun (default) previews; then dryRun: false.',
    input: {
      document: transferDocumentSchema.describe('A configuration document, as export_config returns it'),
      strategy: importStrategySchema.default('upsert'),
      dryRun: z.boolean().default(true).describe('Preview only'),
    },
    listedAs: {
      document: z
        .looseObject({ version: z.literal('1'), entities: z.record(z.string(), z.array(z.unknown())) })
        .describe('As export_config returns it'),
    },
    // Destructive when dryRun is false: existing entries are overwritten under upsert.
    effect: (args, read) => importEffect(read, args),
    annotations: writes({ destructiveHint: true }),
    request: (args) => ({
      method: 'POST',
      path: args.dryRun ? '/api/config/import/preview' : '/api/config/import',
      query: { strategy: args.strategy },
      body: args.document,
    }),
    summarize: (data, args) => importSummary(args.dryRun)(data),
    failures: importFailures,
  }),
];

/**
 * Registers the tools `access` allows on `server`: answers them as tools/list shows them, and the
 * others, by name, with why they are left out.
 */
export function registerTools(
  server: McpServer,
  api: ApiClient,
  access: ToolAccess,
  context: ToolContext,
): { listed: ListedTool[]; hidden: Map<string, string> } {
  const hidden = new Map<string, string>();
  const listed: ListedTool[] = [];
  for (const tool of TOOLS) {
    const reason = hiddenBecause(tool, access);
    if (reason !== undefined) {
      hidden.set(tool.name, reason);
      continue;
    }
    tool.register(server, api, context);
    listed.push(tool.listing());
  }
  return { listed, hidden };
}
