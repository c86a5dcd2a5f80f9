import { z } from 'zod';
import type { ApiRequest, ApiResult } from './api-client.js';
import { quoted } from './results.js';

/**
 * What a destructive tool call would do, in words a person confirms (confirmation.ts). Each reads
 * what it needs through the API first; when that read fails the summary names the ids only (and a
 * start is confirmed, as its steps may change access), and the call itself then answers the API's
 * error.
 */

export type Read = (request: ApiRequest) => Promise<ApiResult>;

/** Step types whose runs may grant or revoke access, or change accounts in outside systems. */
export const ACCESS_CHANGING_STEP_TYPES = ['role_grant', 'role_revoke', 'connector', 'account_reconciliation'];

const workflowShape = z.object({
  name: z.string(),
  version: z.number(),
  status: z.string(),
  steps: z.array(z.object({ id: z.string(), type: z.string() })).default([]),
});
const runShape = z.object({ status: z.string(), definitionName: z.string(), currentStepId: z.string().nullable() });

async function readAs<T extends z.ZodType>(read: Read, path: string, shape: T): Promise<z.output<T> | undefined> {
  const result = await read({ method: 'GET', path });
  if (!result.ok) return undefined;
  const parsed = shape.safeParse(result.data);
  return parsed.success ? parsed.data : undefined;
}

export async function publishEffect(
  read: Read,
  args: { workflowId: string; deprecatePreviousVersionId?: string },
): Promise<string> {
  const workflow = await readAs(read, `/api/workflows/${args.workflowId}`, workflowShape);
  const what = !workflow
    ? `workflow ${args.workflowId}`
    : workflow.status === 'draft'
      ? `the draft ${quoted(workflow.name)}`
      : `${quoted(workflow.name)} version ${workflow.version} (now ${workflow.status})`;
  const deprecation = args.deprecatePreviousVersionId
    ? ` Version ${args.deprecatePreviousVersionId} becomes deprecated: no new runs start from it.`
    : '';
  return `Publish ${what}: it becomes the active workflow that runs start from.${deprecation}`;
}

/** What a run would do when its workflow may change access, or undefined when it cannot (no confirmation then). */
export async function startEffect(
  read: Read,
  args: { workflowId: string; variables: Record<string, unknown> },
): Promise<string | undefined> {
  const workflow = await readAs(read, `/api/workflows/${args.workflowId}`, workflowShape);
  // Steps that could not be read may change access too: a person confirms all the same.
  if (!workflow)
    return `Start a run of workflow ${args.workflowId}, whose steps could not be read: they may grant or revoke access or change accounts in outside systems.`;
  const changing = workflow.steps.filter((step) => ACCESS_CHANGING_STEP_TYPES.includes(step.type));
  if (changing.length === 0) return undefined;
  const steps = changing.map((step) => `${step.type} ${quoted(step.id)}`).join(', ');
  const variables = Object.keys(args.variables);
  const which = workflow.status === 'draft' ? 'a test run of the draft' : 'a run of';
  return `Start ${which} ${quoted(workflow.name)}: its steps ${steps} may grant or revoke access or change accounts in outside systems.${variables.length > 0 ? ` Variables given: ${variables.join(', ')}.` : ''}`;
}

export async function cancelEffect(read: Read, args: { runId: string }): Promise<string> {
  const run = await readAs(read, `/api/runs/${args.runId}`, runShape);
  const what = run
    ? `run ${args.runId} of ${quoted(run.definitionName)} (${run.status}${run.currentStepId ? `, at step ${run.currentStepId}` : ''})`
    : `run ${args.runId}`;
  return `Cancel ${what}: it stops for good, and its open approvals and tasks close as cancelled.`;
}

export async function retryEffect(read: Read, args: { runId: string }): Promise<string> {
  const run = await readAs(read, `/api/runs/${args.runId}`, runShape);
  const what = run
    ? `run ${args.runId} of ${quoted(run.definitionName)} (${run.status}${run.currentStepId ? `, failed at step ${run.currentStepId}` : ''})`
    : `run ${args.runId}`;
  return `Retry ${what}: the failed step and those after it run again, and may grant or revoke access or change accounts in outside systems.`;
}

const importPreviewShape = z.object({
  status: z.string(),
  summary: z.object({ created: z.number(), updated: z.number(), skipped: z.number(), errors: z.number() }),
});

/** What an import would write, from its preview; none for a dry run, which writes nothing. */
export async function importEffect(
  read: Read,
  args: { document: { entities: Record<string, unknown[]> }; strategy: string; dryRun: boolean },
): Promise<string | undefined> {
  if (args.dryRun) return undefined;
  const sections = Object.entries(args.document.entities)
    .filter(([, entries]) => entries.length > 0)
    .map(([section, entries]) => `${section} ${entries.length}`);
  const preview = await read({
    method: 'POST',
    path: '/api/config/import/preview',
    query: { strategy: args.strategy },
    body: args.document,
  });
  const parsed = preview.ok ? importPreviewShape.safeParse(preview.data) : undefined;
  const counts = parsed?.success
    ? ` It would create ${parsed.data.summary.created}, update ${parsed.data.summary.updated} (overwriting them), skip ${parsed.data.summary.skipped}, and refuse ${parsed.data.summary.errors}.`
    : '';
  return `Import a configuration document (${sections.join(', ') || 'no entries'}) with strategy ${args.strategy}, in one transaction.${counts}`;
}
