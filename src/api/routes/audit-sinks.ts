import { z } from 'zod';
import type { Client } from '@temporalio/client';
import type { Config } from '../../config/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import { auditSinkSchema, createAuditSinkSchema, updateAuditSinkSchema } from '../../domain/audit-sinks.js';
import { idParams } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  createAuditSink,
  deleteAuditSink,
  getAuditSink,
  listAuditSinks,
  testAuditSink,
  updateAuditSink,
  type AuditSinkContext,
} from '../../services/audit-sinks/manage-audit-sinks.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const createdSinkSchema = auditSinkSchema
  .extend({
    secret: z.string().optional().describe('The generated HMAC secret of an https sink; shown only in this response'),
  })
  .meta({ id: 'CreatedAuditSink' });

const notFound = { 404: { description: 'No such audit sink' } };

export function auditSinkRoutes(
  deps: ResourceRouterDependencies,
  services: { db: Database; temporal: Client; config: Readonly<Config>; connectors: ConnectorRuntime },
): ResourceRouter {
  const { db, config, connectors } = services;
  const context: AuditSinkContext = {
    db,
    temporal: services.temporal,
    taskQueue: config.temporal.taskQueue,
    secretKey: connectors.secretKey,
    allowedNetworks: connectors.allowedNetworks,
    timeoutMs: connectors.timeoutMs,
  };
  return new ResourceRouter('/api/audit-sinks', 'Audit', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listAuditSinks',
      summary: 'List the sinks the audit trail is streamed to (never their secrets)',
      access: 'audit_sink:manage',
      query: paginationQuery({ sortable: ['createdAt', 'name'], defaultSortBy: 'createdAt' }),
      responses: { 200: { description: 'A page of audit sinks', schema: pageSchema(auditSinkSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listAuditSinks(db, query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createAuditSink',
      summary: 'Create an audit sink: syslog over TLS or signed HTTPS batches',
      description:
        'Streaming starts at once, from the entries sealed after now (or the whole trail with startAt beginning). ' +
        'An https sink without a secret gets a generated one, shown only in this response.',
      access: 'audit_sink:manage',
      body: createAuditSinkSchema,
      responses: {
        201: { description: 'The sink', schema: createdSinkSchema },
        409: { description: 'An audit sink with this name exists' },
      },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createAuditSink(context, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getAuditSink',
      summary: 'An audit sink, with its cursor, backlog and last error',
      access: 'audit_sink:manage',
      params: idParams,
      responses: { 200: { description: 'The sink', schema: auditSinkSchema }, ...notFound },
      async handler(ctx, { params }) {
        ctx.body = await getAuditSink(db, params.id);
      },
    })
    .add({
      method: 'patch',
      path: '/:id',
      operationId: 'updateAuditSink',
      summary: 'Rename, enable or disable an audit sink, or replace its config or secret',
      description: 'A disabled sink keeps its cursor: enabled again, it resumes where it stopped.',
      access: 'audit_sink:manage',
      params: idParams,
      body: updateAuditSinkSchema,
      responses: {
        200: { description: 'The sink', schema: auditSinkSchema },
        409: { description: 'An audit sink with this name exists' },
        ...notFound,
      },
      async handler(ctx, { params, body }) {
        ctx.body = await updateAuditSink(context, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteAuditSink',
      summary: 'Delete an audit sink; its stream stops',
      access: 'audit_sink:manage',
      params: idParams,
      responses: {
        200: {
          description: 'Confirmation',
          schema: z.object({ message: z.string(), id: z.uuid() }),
        },
        ...notFound,
      },
      async handler(ctx, { params }) {
        const deleted = await deleteAuditSink(context, markSelfAudited(ctx), params.id);
        ctx.body = { message: `Audit sink ${deleted.name} deleted`, id: deleted.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/test',
      operationId: 'testAuditSink',
      summary: 'Send one test event to an audit sink and say whether it accepted it',
      description: 'The test event (action audit_sink.tested) is not an audit entry: it moves no cursor.',
      access: 'audit_sink:manage',
      params: idParams,
      responses: {
        200: {
          description: 'Whether the sink accepted the event, and why not',
          schema: z.object({ delivered: z.boolean(), error: z.string().nullable() }),
        },
        ...notFound,
      },
      async handler(ctx, { params }) {
        ctx.body = await testAuditSink(context, params.id);
      },
    });
}
