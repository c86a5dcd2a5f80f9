import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { assertPublicDestination, parseAllowedNetworks } from '../../connectors/builtin/network-guard.js';
import { isConnectorError } from '../../connectors/connector-error.js';
import { sealSecrets } from '../../connectors/secret-box.js';
import { isUniqueViolation, type Database } from '../../db/client.js';
import type { AuditSink } from '../../db/generated/client.js';
import {
  httpsSinkConfigSchema,
  syslogSinkConfigSchema,
  type AuditSinkKind,
  type AuditSinkView,
  type CreateAuditSinkInput,
  type HttpsSinkConfig,
  type SyslogSinkConfig,
  type UpdateAuditSinkInput,
} from '../../domain/audit-sinks.js';
import { fetchPage, sortedById, type SortedPageQuery } from '../../domain/pagination.js';
import { conflict, notFound, validationFailed } from '../../errors/index.js';
import { generateWebhookSecret } from '../sync/webhook-signature.js';
import { auditChange, type Caller } from '../caller.js';
import { auditEventOf } from './audit-event.js';
import { sinkSecretOf } from './deliver-batch.js';
import { sendHttpsBatch } from './https-sender.js';
import { startSinkWorkflow, stopSinkWorkflow } from './sink-workflows.js';
import { sendSyslogBatch, syslogMessage } from './syslog-sender.js';

/**
 * Administrators' audit sinks (docs/observability.md, "Streaming to a SIEM"): every change is
 * audited in its transaction; the HMAC secret is sealed with CONNECTOR_SECRET_KEY and never
 * answered, logged or audited; destinations pass the SSRF guard when set and again at each send.
 */

export interface AuditSinkContext {
  db: Database;
  temporal: Client;
  taskQueue: string;
  secretKey?: Buffer;
  /** CONNECTOR_ALLOWED_NETWORKS: private destinations (a collector on the LAN, loopback in tests). */
  allowedNetworks: readonly string[];
  timeoutMs: number;
}

type SinkConfig = SyslogSinkConfig | HttpsSinkConfig;

async function chainHead(db: Database): Promise<bigint> {
  const head = await db.auditChainHead.findUnique({ where: { id: 1 }, select: { seq: true } });
  return head?.seq ?? 0n;
}

export function auditSinkViewOf(sink: AuditSink, head: bigint): AuditSinkView {
  const backlog = head > sink.cursorSeq ? head - sink.cursorSeq : 0n;
  return {
    id: sink.id,
    name: sink.name,
    kind: sink.kind as AuditSinkKind,
    enabled: sink.enabled,
    config: sink.config as SinkConfig,
    hasSecret: sink.sealedSecrets !== null,
    cursorSeq: sink.cursorSeq.toString(),
    backlog: Number(backlog),
    deliveredAt: sink.deliveredAt,
    lastError: sink.lastError,
    failingSince: sink.failingSince,
    createdBy: sink.createdBy,
    createdAt: sink.createdAt,
    updatedAt: sink.updatedAt,
  };
}

/** Where a sink sends, for messages and the audit: never a query string or credentials. */
function destinationOf(kind: AuditSinkKind, config: SinkConfig): string {
  if (kind === 'syslog') {
    const { host, port } = config as SyslogSinkConfig;
    return `syslog://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }
  const url = new URL((config as HttpsSinkConfig).url);
  return `${url.origin}${url.pathname}`;
}

/** The SSRF guard, its refusals as 400s naming the field. */
async function checkDestination(context: AuditSinkContext, kind: AuditSinkKind, config: SinkConfig): Promise<void> {
  const allowed = parseAllowedNetworks(context.allowedNetworks);
  try {
    if (kind === 'syslog') await assertPublicDestination(destinationOf(kind, config), allowed, ['syslog:']);
    else await assertPublicDestination((config as HttpsSinkConfig).url, allowed, ['https:']);
  } catch (error) {
    if (isConnectorError(error))
      throw validationFailed(`config: ${error.message}`, { field: kind === 'syslog' ? 'config.host' : 'config.url' });
    throw error;
  }
}

function parseConfig(kind: AuditSinkKind, config: unknown): SinkConfig {
  const result = (kind === 'syslog' ? syslogSinkConfigSchema : httpsSinkConfigSchema).safeParse(config);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    location: 'body',
    path: ['config', ...issue.path].join('.'),
    code: issue.code,
    message: issue.message,
  }));
  throw validationFailed(
    `Invalid body: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  );
}

function sealSecret(context: AuditSinkContext, secret: string): string {
  if (!context.secretKey)
    throw validationFailed(
      'Audit sink secrets cannot be stored: set CONNECTOR_SECRET_KEY (32 bytes, base64) on the service',
    );
  return sealSecrets({ secret }, context.secretKey);
}

/** Starts or stops the sink's stream after the commit; a failed start is made good by the worker. */
async function followSink(
  context: AuditSinkContext,
  sink: Pick<AuditSink, 'id' | 'enabled'> | { id: string; enabled: false },
) {
  const workflows = { temporal: context.temporal, taskQueue: context.taskQueue };
  try {
    if (sink.enabled) await startSinkWorkflow(workflows, sink.id);
    else await stopSinkWorkflow(workflows, sink.id);
  } catch {
    // Temporal unavailable: the worker starts missing streams every minute, and a stream whose
    // sink is disabled or gone ends at its next batch.
  }
}

export async function createAuditSink(
  context: AuditSinkContext,
  caller: Caller,
  input: CreateAuditSinkInput,
): Promise<AuditSinkView & { secret?: string }> {
  const { db } = context;
  await checkDestination(context, input.kind, input.config);
  const generated = input.kind === 'https' && input.secret === undefined ? generateWebhookSecret() : undefined;
  const secret = input.kind === 'https' ? (input.secret ?? generated) : undefined;
  const sealedSecrets = secret === undefined ? null : sealSecret(context, secret);
  const created = await db
    .$transaction(async (tx) => {
      const head = input.startAt === 'beginning' ? 0n : await chainHead(db);
      const sink = await tx.auditSink.create({
        data: {
          id: randomUUID(),
          name: input.name,
          kind: input.kind,
          enabled: input.enabled,
          config: input.config,
          sealedSecrets,
          cursorSeq: head,
          createdBy: caller.principal.userId,
        },
      });
      await auditChange(
        tx,
        caller,
        'audit_sink.created',
        { type: 'audit_sink', id: sink.id },
        {
          name: sink.name,
          kind: sink.kind,
          destination: destinationOf(input.kind, input.config),
          enabled: sink.enabled,
          startAt: input.startAt,
        },
      );
      return sink;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(`An audit sink named "${input.name}" already exists`);
      throw error;
    });
  await followSink(context, created);
  const view = auditSinkViewOf(created, await chainHead(db));
  return generated === undefined ? view : { ...view, secret: generated };
}

export async function getAuditSink(db: Database, id: string): Promise<AuditSinkView> {
  const sink = await db.auditSink.findUnique({ where: { id } });
  if (!sink) throw notFound('Audit sink');
  return auditSinkViewOf(sink, await chainHead(db));
}

export async function listAuditSinks(db: Database, query: SortedPageQuery) {
  const head = await chainHead(db);
  return fetchPage(
    query,
    async (window) =>
      (await db.auditSink.findMany({ orderBy: sortedById(query), ...window })).map((sink) =>
        auditSinkViewOf(sink, head),
      ),
    () => db.auditSink.count(),
  );
}

export async function updateAuditSink(
  context: AuditSinkContext,
  caller: Caller,
  id: string,
  input: UpdateAuditSinkInput,
): Promise<AuditSinkView> {
  const { db } = context;
  const existing = await db.auditSink.findUnique({ where: { id } });
  if (!existing) throw notFound('Audit sink');
  const kind = existing.kind as AuditSinkKind;
  const config = input.config === undefined ? undefined : parseConfig(kind, input.config);
  if (config) await checkDestination(context, kind, config);
  if (input.secret !== undefined && kind !== 'https')
    throw validationFailed('secret: only https sinks sign their batches', { field: 'secret' });
  const sealedSecrets = input.secret === undefined ? undefined : sealSecret(context, input.secret);
  const updated = await db
    .$transaction(async (tx) => {
      const sink = await tx.auditSink.update({
        where: { id },
        data: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(config ? { config } : {}),
          ...(sealedSecrets ? { sealedSecrets } : {}),
        },
      });
      const changed = Object.keys(input).filter((key) => input[key as keyof UpdateAuditSinkInput] !== undefined);
      await auditChange(
        tx,
        caller,
        'audit_sink.updated',
        { type: 'audit_sink', id },
        {
          name: sink.name,
          changed: changed.sort(),
          ...(config ? { destination: destinationOf(kind, config) } : {}),
          ...(input.enabled !== undefined ? { enabled: { from: existing.enabled, to: sink.enabled } } : {}),
        },
      );
      return sink;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(`An audit sink named "${input.name}" already exists`);
      if ((error as { code?: string })?.code === 'P2025') throw notFound('Audit sink');
      throw error;
    });
  if (input.enabled !== undefined && input.enabled !== existing.enabled) await followSink(context, updated);
  return auditSinkViewOf(updated, await chainHead(db));
}

export async function deleteAuditSink(
  context: AuditSinkContext,
  caller: Caller,
  id: string,
): Promise<{ id: string; name: string }> {
  const deleted = await context.db.$transaction(async (tx) => {
    const [sink] = await tx.$queryRaw<
      Array<{ name: string; kind: string; cursor_seq: bigint }>
    >`DELETE FROM audit_sinks WHERE id = ${id}::uuid RETURNING name, kind, cursor_seq`;
    if (!sink) throw notFound('Audit sink');
    await auditChange(
      tx,
      caller,
      'audit_sink.deleted',
      { type: 'audit_sink', id },
      {
        name: sink.name,
        kind: sink.kind,
        cursorSeq: sink.cursor_seq.toString(),
      },
    );
    return { id, name: sink.name };
  });
  await followSink(context, { id, enabled: false });
  return deleted;
}

/**
 * Sends one test event (API Activity, action `audit_sink.tested`, outside the chain) to the sink
 * as its batches go: answers whether the sink accepted it and, if not, why.
 */
export async function testAuditSink(
  context: AuditSinkContext,
  id: string,
): Promise<{ delivered: boolean; error: string | null }> {
  const sink = await context.db.auditSink.findUnique({ where: { id } });
  if (!sink) throw notFound('Audit sink');
  const entry = {
    id: randomUUID(),
    action: 'audit_sink.tested',
    actor_type: 'system',
    actor_id: null,
    target_type: 'audit_sink',
    target_id: sink.id,
    metadata: { test: true },
    request_id: null,
    created_at: new Date(),
    chain_seq: 0n,
    chain_hash: '',
  };
  const allowedNetworks = parseAllowedNetworks(context.allowedNetworks);
  try {
    if (sink.kind === 'syslog') {
      const config = syslogSinkConfigSchema.parse(sink.config);
      await sendSyslogBatch(config, [syslogMessage(entry, auditEventOf(entry))], {
        allowedNetworks,
        timeoutMs: context.timeoutMs,
      });
    } else {
      const config = httpsSinkConfigSchema.parse(sink.config);
      await sendHttpsBatch(
        config,
        { batchId: `test-${entry.id}`, events: [auditEventOf(entry)] },
        { secret: sinkSecretOf(sink, context.secretKey), allowedNetworks, timeoutMs: context.timeoutMs },
      );
    }
    return { delivered: true, error: null };
  } catch (error) {
    return { delivered: false, error: error instanceof Error ? error.message : String(error) };
  }
}
