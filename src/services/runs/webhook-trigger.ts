import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { isUniqueViolation, type Prisma } from '../../db/client.js';
import { AppError, conflict, validationFailed } from '../../errors/index.js';
import { assertCan } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import { derivedRunId } from './derived-run-id.js';
import { runInclude, type RunRow } from './run-record.js';
import { startRunBy, type RunsContext } from './start-run.js';

const hash = (secret: string) => createHash('sha256').update(secret).digest();

/** The inbound start address of a workflow's webhook trigger. */
export const webhookPath = (workflowId: string) => `/api/hooks/workflows/${workflowId}`;

/**
 * Issues (or replaces) the secret of a workflow's webhook trigger. The secret is returned once;
 * only its hash is kept. Workflows without the `webhook` trigger get none (400).
 */
export async function issueWebhookSecret(context: RunsContext, caller: Caller, workflowId: string) {
  // The secret starts runs, recorded as initiated by whoever issued it.
  assertCan(caller.principal, 'workflow:start', 'issue a webhook secret');
  return context.db.$transaction(async (tx) => {
    const workflow = toWorkflowView(await loadWorkflow(tx, workflowId));
    if (!workflow.trigger.types.includes('webhook'))
      throw validationFailed('This workflow does not have the webhook trigger');
    const secret = `whs_${randomBytes(32).toString('base64url')}`;
    await tx.workflowDefinition.update({
      where: { id: workflowId },
      data: { webhookSecretHash: hash(secret).toString('hex'), webhookSecretIssuedBy: caller.principal.userId },
    });
    await auditChange(tx, caller, 'workflow.webhook_secret_issued', { type: 'workflow', id: workflowId }, {});
    return { secret, path: webhookPath(workflowId) };
  });
}

const bodyAsVariables = z.union([
  z.object({ variables: z.record(z.string(), z.unknown()) }).transform((body) => body.variables),
  z.record(z.string(), z.unknown()),
]);

/** What a sender may set so that a repeated delivery starts no second run (IETF draft "Idempotency-Key"). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const idempotencyKeySchema = z
  .string()
  .max(255, 'The Idempotency-Key header may have at most 255 characters')
  .regex(/^[\x20-\x7e]+$/, 'The Idempotency-Key header must be 1 to 255 printable ASCII characters');

/**
 * The id of the run that deliveries with `key` to `workflowId` start: the same for every such
 * delivery, different for every other workflow or key (a version 8 UUID of a SHA-256).
 */
export function deliveryRunId(workflowId: string, key: string): string {
  return derivedRunId(`webhook-delivery\0${workflowId}\0${key}`, 8);
}

/**
 * Whether a delivery's variables are those the run of an earlier delivery with its key started
 * with. The run's variables also hold, as null, the optional ones that delivery left out.
 */
function sameVariables(delivered: Record<string, unknown>, started: Prisma.JsonValue): boolean {
  const recorded = (started ?? {}) as Record<string, unknown>;
  return (
    Object.keys(delivered).every((name) => name in recorded) &&
    Object.entries(recorded).every(([name, value]) => isDeepStrictEqual(delivered[name] ?? null, value))
  );
}

/** The run an earlier delivery with this key started, if any; 409 when its variables differ. */
async function earlierDelivery(context: RunsContext, runId: string, variables: Record<string, unknown>) {
  const run = await context.db.workflowRun.findUnique({ where: { id: runId }, include: runInclude });
  if (run && !sameVariables(variables, run.variables))
    throw conflict('This Idempotency-Key was sent before with other variables; the run it started is not changed');
  return run ?? undefined;
}

/**
 * Starts a run from an inbound webhook call. The secret is checked before anything else (401,
 * nothing started); the body's `variables` object, or else the body itself, are the run variables.
 * With an idempotency key, a delivery repeated with the same key and variables answers the run
 * the first one started (`replayed`), even when both arrive at once; with other variables, 409.
 */
export async function startRunFromWebhook(
  context: RunsContext,
  workflowId: string,
  delivery: { secret: string | undefined; idempotencyKey: string | undefined; body: unknown },
): Promise<{ run: RunRow; replayed: boolean }> {
  const row = await context.db.workflowDefinition.findUnique({
    where: { id: workflowId },
    select: { webhookSecretHash: true, webhookSecretIssuedBy: true, deletedAt: true },
  });
  const expected = row?.webhookSecretHash && !row.deletedAt ? Buffer.from(row.webhookSecretHash, 'hex') : undefined;
  const presented = delivery.secret ? hash(delivery.secret) : undefined;
  if (!expected || !presented || !timingSafeEqual(expected, presented)) {
    throw new AppError('unauthenticated', 'Missing or wrong webhook secret');
  }
  const variables = bodyAsVariables.safeParse(delivery.body ?? {});
  if (!variables.success)
    throw validationFailed('The webhook body must be a JSON object of variables (or { "variables": { ... } })');
  const origin = {
    actor: { type: 'system' as const },
    trigger: 'webhook' as const,
    initiatedBy: row!.webhookSecretIssuedBy,
  };
  if (delivery.idempotencyKey === undefined)
    return { run: await startRunBy(context, workflowId, variables.data, origin), replayed: false };

  const key = idempotencyKeySchema.safeParse(delivery.idempotencyKey);
  if (!key.success) throw validationFailed(key.error.issues[0]!.message);
  const runId = deliveryRunId(workflowId, key.data);
  const earlier = await earlierDelivery(context, runId, variables.data);
  if (earlier) return { run: earlier, replayed: true };
  try {
    return { run: await startRunBy(context, workflowId, variables.data, { ...origin, runId }), replayed: false };
  } catch (error) {
    // The same delivery, arriving at the same moment, wrote the run first.
    if (!isUniqueViolation(error)) throw error;
    const concurrent = await earlierDelivery(context, runId, variables.data);
    if (!concurrent) throw error;
    return { run: concurrent, replayed: true };
  }
}
