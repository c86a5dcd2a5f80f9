import { z } from 'zod';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import { idParams, queryBoolean, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { configSchemaInputSchema, configSchemaSchema, connectorNameSchema } from '../../domain/connector.js';
import { listConnectors, loadConnector, toConnectorView } from '../../services/connectors/connector-record.js';
import {
  createConnector,
  deleteConnector,
  testConnector,
  updateConnector,
} from '../../services/connectors/manage-connectors.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const settings = z.record(z.string(), z.unknown());
// A secret is known by its name (the connector's secretKeys, a configuration export), so it has one.
const secretName = z.string().min(1, 'A secret needs a name').max(200, 'A secret name has at most 200 characters');

const connectorSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.string().describe('Handler name'),
    description: z.string(),
    version: z.string(),
    configSchema: configSchemaSchema,
    config: settings.describe('Settings that are not secret'),
    secretKeys: z.array(z.string()).describe('Names of the secret settings that are set; values are never returned'),
    enabled: z.boolean(),
    executionModel: z.enum(['built_in', 'custom']),
    managedBySystem: z.boolean(),
    warnings: z
      .array(z.string())
      .describe('What is risky in its settings, such as certificate checks switched off (tlsInsecure)'),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Connector' });
const connector = { description: 'The connector', schema: connectorSchema };

const createBody = z
  .object({
    name: connectorNameSchema,
    type: z.string().min(1).describe('Handler name: http, delay, idp-admin, test-ldap, ... or a custom handler'),
    description: z.string().max(2000).optional(),
    version: z.string().max(50).optional(),
    configSchema: configSchemaInputSchema.optional().describe('Defaults to every command of the handler'),
    config: settings.optional(),
    secrets: z
      .record(secretName, z.unknown())
      .optional()
      .describe('Secret settings (passwords, API keys, client secrets); write-only'),
    enabled: z.boolean().optional(),
    executionModel: z.enum(['built_in', 'custom']).optional(),
  })
  .strict();
const updateBody = createBody
  .omit({ type: true, executionModel: true })
  .partial()
  .extend({
    secrets: z
      .record(secretName, z.unknown().nullable())
      .optional()
      .describe('Secret settings to set; null removes one'),
  });

const listQuery = paginationQuery({
  sortable: ['name', 'createdAt', 'type'],
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
}).extend({
  type: z.string().optional(),
  enabled: queryBoolean('enabled').optional(),
  search: queryText('search').optional(),
});

const handlerSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    description: z.string(),
    executionModel: z.enum(['built_in', 'custom']),
    defaultCommand: z.string(),
    commands: z.record(
      z.string(),
      z.object({
        description: z.string(),
        idempotent: z.boolean(),
        syncCapable: z.boolean(),
        writes: z.boolean().describe('Whether the command changes the target system'),
        parameters: z.record(z.string(), z.unknown()).describe('JSON Schema of its parameters'),
      }),
    ),
    settings: z
      .object({
        schema: z.record(z.string(), z.unknown()).describe('JSON Schema of the settings (config and secrets together)'),
        secrets: z.array(z.string()).describe('The settings that go in `secrets`: write-only, never returned'),
      })
      .nullable()
      .describe('The settings a connector of this handler takes; null when the handler does not describe them'),
  })
  .meta({ id: 'ConnectorHandler' });

export function connectorRoutes(
  deps: ResourceRouterDependencies,
  db: Database,
  runtime: ConnectorRuntime,
): ResourceRouter {
  return new ResourceRouter('/api/connectors', 'Connectors', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listConnectors',
      summary: 'List connectors',
      access: 'connector:read',
      query: listQuery,
      responses: { 200: { description: 'A page of connectors', schema: pageSchema(connectorSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listConnectors(db, runtime.registry, query);
      },
    })
    .add({
      method: 'get',
      path: '/handlers',
      operationId: 'listConnectorHandlers',
      summary: 'Connector handlers this service can run, with their commands',
      access: 'connector:read',
      responses: { 200: { description: 'Handlers', schema: z.array(handlerSchema) } },
      handler(ctx) {
        ctx.body = runtime.registry.list().map(({ handler, origin }) => ({
          name: handler.name,
          version: handler.version,
          description: handler.description,
          executionModel: origin,
          defaultCommand: handler.defaultCommand,
          commands: Object.fromEntries(
            Object.entries(handler.commands).map(([name, spec]) => [
              name,
              {
                description: spec.description,
                idempotent: spec.idempotent,
                syncCapable: spec.syncCapable ?? false,
                writes: spec.writes ?? false,
                parameters: spec.parameters,
              },
            ]),
          ),
          settings: handler.settings ?? null,
        }));
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createConnector',
      summary: 'Create a connector; for a built-in handler, type is the handler name and executionModel built_in',
      access: 'connector:manage',
      body: createBody,
      responses: { 201: connector, 409: { description: 'The name is taken' } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createConnector(db, runtime, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getConnector',
      summary: 'One connector (secret values are never shown)',
      access: 'connector:read',
      params: idParams,
      responses: { 200: connector },
      async handler(ctx, { params }) {
        ctx.body = toConnectorView(await loadConnector(db, params.id), runtime.registry);
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      operationId: 'updateConnector',
      summary: 'Update a connector: settings, secrets (merged; null removes), configSchema, enabled',
      access: 'connector:manage',
      params: idParams,
      body: updateBody,
      responses: {
        400: {
          description:
            'Invalid input, or a config naming a new http(s) origin without every stored secret sent again (details: origins, secrets)',
        },
        409: { description: 'Another connector has this name' },
        200: connector,
      },
      async handler(ctx, { params, body }) {
        ctx.body = await updateConnector(db, runtime, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteConnector',
      summary: 'Delete a connector (refused while an active workflow or an entitlement uses it)',
      access: 'connector:manage',
      params: idParams,
      responses: {
        409: { description: 'Still used by an active workflow, an entitlement or a business role' },
        200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) },
      },
      async handler(ctx, { params }) {
        await deleteConnector(db, markSelfAudited(ctx), params.id);
        ctx.body = { message: 'Connector deleted', id: params.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/test',
      operationId: 'testConnector',
      summary: "Run the handler's test command",
      access: 'connector:manage',
      params: idParams,
      responses: {
        200: {
          description: 'The outcome',
          schema: z.object({ success: z.boolean(), latencyMs: z.number().int(), error: z.string().optional() }),
        },
      },
      async handler(ctx, { params }) {
        ctx.body = await testConnector(db, runtime, markSelfAudited(ctx), params.id);
      },
    });
}
