import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import { startRunBy, type RunsContext } from './start-run.js';

const hash = (secret: string) => createHash('sha256').update(secret).digest();

/** The inbound start address of a workflow's webhook trigger. */
export const webhookPath = (workflowId: string) => `/api/hooks/workflows/${workflowId}`;

/**
 * Issues (or replaces) the secret of a workflow's webhook trigger. The secret is returned once;
 * only its hash is kept. Workflows without the `webhook` trigger get none (400).
 */
export async function issueWebhookSecret(context: RunsContext, caller: Caller, workflowId: string) {
  return context.db.$transaction(async (tx) => {
    const workflow = toWorkflowView(await loadWorkflow(tx, workflowId));
    if (!workflow.trigger.types.includes('webhook'))
      throw validationFailed('This workflow does not have the webhook trigger');
    const secret = `whs_${randomBytes(32).toString('base64url')}`;
    await tx.workflowDefinition.update({
      where: { id: workflowId },
      data: { webhookSecretHash: hash(secret).toString('hex') },
    });
    await auditChange(tx, caller, 'workflow.webhook_secret_issued', { type: 'workflow', id: workflowId }, {});
    return { secret, path: webhookPath(workflowId) };
  });
}

const bodyAsVariables = z.union([
  z.object({ variables: z.record(z.string(), z.unknown()) }).transform((body) => body.variables),
  z.record(z.string(), z.unknown()),
]);

/**
 * Starts a run from an inbound webhook call. The secret is checked before anything else (401,
 * nothing started); the body's `variables` object, or else the body itself, are the run variables.
 */
export async function startRunFromWebhook(
  context: RunsContext,
  workflowId: string,
  presentedSecret: string | undefined,
  body: unknown,
) {
  const row = await context.db.workflowDefinition.findUnique({
    where: { id: workflowId },
    select: { webhookSecretHash: true, deletedAt: true },
  });
  const expected = row?.webhookSecretHash && !row.deletedAt ? Buffer.from(row.webhookSecretHash, 'hex') : undefined;
  const presented = presentedSecret ? hash(presentedSecret) : undefined;
  if (!expected || !presented || !timingSafeEqual(expected, presented)) {
    throw new AppError('unauthenticated', 'Missing or wrong webhook secret');
  }
  const variables = bodyAsVariables.safeParse(body ?? {});
  if (!variables.success)
    throw validationFailed('The webhook body must be a JSON object of variables (or { "variables": { ... } })');
  return startRunBy(context, workflowId, variables.data, { actor: { type: 'system' }, trigger: 'webhook' });
}
