import { recordAudit } from '../../audit/index.js';
import { openSecrets, sealSecrets } from '../../connectors/secret-box.js';
import type { DatabaseClient } from '../../db/client.js';
import type { Connector } from '../../db/generated/client.js';
import { resourceEventDataSchema, resourceEventSchema, type ResourceEvent } from '../../domain/resource-webhook.js';
import { filterRulesSchema, type SyncResourceType } from '../../domain/sync.js';
import type { ListedResource } from '../../connectors/handler.js';
import { AppError, isAppError, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadConnector } from '../connectors/connector-record.js';
import { runStarter, startRecordedRuns, type RecordedRun } from '../runs/start-run.js';
import { reconcileEntitlements } from './entitlement-reconciliation.js';
import { invalidateCache } from './record-cache.js';
import { claimEventId } from './webhook-event-ids.js';
import { filterRecords } from './filter-records.js';
import { syncedGroupKeys, upsertRecords, withHashes, type RecordKey } from './record-store.js';
import { recordRecordAutomation } from './sync-automation.js';
import { generateWebhookSecret, verifyWebhookDelivery, type SignedDelivery } from './webhook-signature.js';
import type { WebhookContext, WebhookOutcome } from './webhook-context.js';

export interface WebhookDelivery {
  connectorId: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as received; absent when the body was not JSON. */
  rawBody?: Buffer;
  body: unknown;
  requestId?: string;
}

const SECRET_FIELD = 'webhookSecret';

function secretKeyOf(context: WebhookContext): Buffer {
  if (!context.connectors.secretKey) {
    throw new AppError('service_unavailable', 'Webhook secrets need CONNECTOR_SECRET_KEY, which is not set');
  }
  return context.connectors.secretKey;
}

/** Sets a new webhook secret (the previous one stops working at once) and answers it, once. */
export async function rotateWebhookSecret(context: WebhookContext, caller: Caller, connectorId: string) {
  const key = secretKeyOf(context);
  const secret = generateWebhookSecret();
  const rotatedAt = new Date();
  await context.db.$transaction(async (tx) => {
    const connector = await loadConnector(tx, connectorId);
    await tx.connector.update({
      where: { id: connectorId },
      data: { webhookSecretSealed: sealSecrets({ [SECRET_FIELD]: secret }, key), webhookSecretRotatedAt: rotatedAt },
    });
    await auditChange(
      tx,
      caller,
      'connector.webhook_secret_rotated',
      { type: 'connector', id: connectorId },
      {
        connectorName: connector.name,
      },
    );
  });
  return { secret, rotatedAt };
}

/**
 * Authenticates a delivery, validates its event and applies it once per event id, with the
 * `per_record` automation of a record it changed in the same transaction (a refused run start
 * is recorded in the audit entry, not a refusal of the event). Refusals are audited with their
 * reason (never the body or the secret) and change nothing.
 */
export async function receiveResourceEvent(
  context: WebhookContext,
  delivery: WebhookDelivery,
): Promise<WebhookOutcome> {
  const { db } = context;
  const now = new Date();
  const connector = await loadConnector(db, delivery.connectorId);
  const refuse = async (error: AppError, eventId?: string): Promise<never> => {
    await recordAudit(db, {
      action: 'webhook.rejected',
      actor: { type: 'system' },
      target: { type: 'connector', id: connector.id },
      metadata: { connectorName: connector.name, reason: error.message, status: error.status, eventId },
      requestId: delivery.requestId,
    });
    throw error;
  };
  if (delivery.rawBody === undefined) {
    return refuse(new AppError('unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)'));
  }
  const signed = verifiedDelivery(context, connector, delivery.headers, delivery.rawBody, now);
  if ('refused' in signed) return refuse(new AppError('unauthenticated', signed.refused));
  const parsed = resourceEventSchema.safeParse(delivery.body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      location: 'body',
      path: issue.path.join('.'),
      code: issue.code,
      message: issue.message,
    }));
    const summary = details.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
    return refuse(validationFailed(`Invalid body: ${summary.join('; ')}`, details), signed.eventId);
  }
  const event = parsed.data;
  if (event.resourceType === undefined) {
    // A reconciliation run that cannot start (400, 404) is a refusal like any other: audited, nothing kept.
    const matched = await reconcileEntitlements(context, connector, event, {
      ...signed,
      now,
      requestId: delivery.requestId,
    }).catch((error: unknown) =>
      isAppError(error) && error.status < 500 ? refuse(error, signed.eventId) : Promise.reject(error),
    );
    if (matched) return matched;
    return refuse(
      new AppError(
        'not_found',
        `No entitlement of connector ${connector.name} has reconciliationConfig.resourceId ${event.resourceId}`,
      ),
      signed.eventId,
    );
  }
  const resourceType = event.resourceType;
  const recorded: RecordedRun[] = [];
  const accepted = await db.$transaction(async (tx) => {
    const fresh = await claimEventId(tx, connector.id, signed, now);
    const outcome = fresh ? await applyRecordEvent(tx, connector.id, resourceType, event, now) : 'already_applied';
    const key = { connectorId: connector.id, resourceType };
    const automation =
      outcome === 'added' || outcome === 'updated'
        ? await recordRecordAutomation(
            tx,
            key,
            {
              eventKey: `webhook:${connector.id}:${signed.eventId}`,
              record: { ...(await storedRecord(tx, key, event.resourceId)), change: outcome },
            },
            recorded,
          )
        : null;
    await recordAudit(tx, {
      action: 'webhook.accepted',
      actor: { type: 'system' },
      target: { type: 'connector', id: connector.id },
      metadata: {
        connectorName: connector.name,
        eventId: signed.eventId,
        action: event.action,
        resourceType,
        resourceId: event.resourceId,
        outcome,
        ...(automation && { automation }),
      },
      requestId: delivery.requestId,
    });
    return {
      message: !fresh
        ? 'Event already applied'
        : outcome === 'filtered_out'
          ? `Not stored: the filter rules of the ${resourceType} sync config leave ${event.resourceId} out`
          : `Applied: ${resourceType} ${event.resourceId} ${event.action}`,
      eventId: signed.eventId,
      alreadyApplied: !fresh,
    };
  });
  // The event, the record and the run have committed together; the run's execution starts now.
  await startRecordedRuns(runStarter(context), recorded);
  return accepted;
}

function verifiedDelivery(
  context: WebhookContext,
  connector: Connector,
  headers: WebhookDelivery['headers'],
  body: Buffer,
  now: Date,
): SignedDelivery | { refused: string } {
  if (!connector.webhookSecretSealed) {
    return { refused: `Connector ${connector.name} has no webhook secret; rotate one first` };
  }
  const secret = openSecrets(connector.webhookSecretSealed, secretKeyOf(context))[SECRET_FIELD];
  if (typeof secret !== 'string') return { refused: `Connector ${connector.name} has no webhook secret` };
  return verifyWebhookDelivery(secret, headers, body, now);
}

/** The stored record as the `records` variable of an automation run carries it. */
function storedRecord(tx: DatabaseClient, key: RecordKey, externalId: string) {
  return tx.connectorResource.findUniqueOrThrow({
    where: { connectorId_resourceType_externalId: { ...key, externalId } },
    select: { id: true, externalId: true, displayName: true, email: true, attributes: true },
  });
}

/**
 * Whether a pass would keep the record under the filter rules of the sync config of its connector
 * and type (any record, without a config). `maxRecords` caps a pass, not single events.
 */
async function passesFilterRules(tx: DatabaseClient, key: RecordKey, record: ListedResource): Promise<boolean> {
  const config = await tx.syncConfig.findUnique({
    where: { connectorId_resourceType: key },
    select: { filterRules: true },
  });
  const rules = filterRulesSchema.nullable().parse(config?.filterRules ?? null);
  if (!rules) return true;
  const groupKeys = rules.memberOfSyncedGroups ? await syncedGroupKeys(tx, key.connectorId) : undefined;
  return filterRecords([record], { ...rules, maxRecords: undefined }, { syncedGroupKeys: groupKeys }).length === 1;
}

/**
 * Invalidates the record's cache entries, then upserts it with its hash (`created`, `updated`)
 * or deletes it (`deleted`).
 */
async function applyRecordEvent(
  tx: DatabaseClient,
  connectorId: string,
  resourceType: SyncResourceType,
  event: ResourceEvent,
  now: Date,
): Promise<'added' | 'updated' | 'unchanged' | 'deleted' | 'absent' | 'filtered_out'> {
  await invalidateCache(tx, connectorId, { resourceType, key: event.resourceId });
  if (event.action === 'deleted') {
    const { count } = await tx.connectorResource.deleteMany({
      where: { connectorId, resourceType, externalId: event.resourceId },
    });
    return count === 1 ? 'deleted' : 'absent';
  }
  const record = { externalId: event.resourceId, ...resourceEventDataSchema.parse(event.data ?? {}) };
  // A record the config's filter rules leave out is not seen, as on a pass: nothing is stored.
  if (!(await passesFilterRules(tx, { connectorId, resourceType }, record))) return 'filtered_out';
  const counts = await upsertRecords(tx, { connectorId, resourceType }, withHashes([record]), now);
  return counts.added ? 'added' : counts.updated ? 'updated' : 'unchanged';
}
