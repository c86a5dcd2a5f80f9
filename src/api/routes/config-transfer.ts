import { z } from 'zod';
import { exportConfiguration } from '../../services/transfer/export-configuration.js';
import { importConfiguration, type ImportContext } from '../../services/transfer/import-configuration.js';
import { IMPORT_ACTIONS, IMPORT_ENTITIES } from '../../services/transfer/import-result.js';
import {
  TRANSFER_SECTIONS,
  exportSelectionSchema,
  importStrategySchema,
  transferDocumentSchema,
  transferSectionSchema,
  type ImportStrategy,
} from '../../domain/transfer-document.js';
import type { AppContext } from '../context.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const sectionName = `\\s*(${TRANSFER_SECTIONS.join('|')})\\s*`;
/** Comma-separated section names, or nothing (every section). */
const sectionListPattern = `^(${sectionName}(,${sectionName})*)?$`;

const exportQuery = z
  .object({
    entities: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((section) => section.trim()) : [...TRANSFER_SECTIONS]))
      .pipe(z.array(transferSectionSchema))
      .meta({ type: 'string', pattern: sectionListPattern })
      .describe(`Comma-separated sections (default all): ${TRANSFER_SECTIONS.join(', ')}`),
  })
  .strict();

const documentResponse = { description: 'The configuration document (spec 2.13)', schema: transferDocumentSchema };
const sharedName = {
  description: 'Several schedules of a workflow hold a schedule key (`details.keys`) that the document would name once',
};

const importQuery = z
  .object({
    strategy: importStrategySchema.default('upsert'),
  })
  .strict();

const importResultSchema = z
  .object({
    status: z.enum(['completed', 'completed_with_errors', 'failed']),
    summary: z
      .object({ created: z.number(), updated: z.number(), skipped: z.number(), errors: z.number() })
      .describe('skipped counts the unchanged entries too'),
    details: z.array(
      z.object({
        entity: z.enum(IMPORT_ENTITIES),
        name: z.string().describe('Workflow sets are <project>/<set>, schedules <workflow>/<name or cron expression>'),
        action: z.enum(IMPORT_ACTIONS),
        error: z.string().optional(),
        note: z.string().optional().describe('What was done differently from the document, and why'),
        secretKeysToSet: z
          .array(z.string())
          .optional()
          .describe('Connector secrets the document names that this instance does not hold yet'),
        changes: z
          .array(z.object({ field: z.string(), from: z.unknown().optional(), to: z.unknown().optional() }))
          .optional()
          .describe(
            'Updated entries: the fields that differ from what is stored; from and to for plain values and lists of names, never secrets',
          ),
      }),
    ),
  })
  .meta({ id: 'ConfigurationImportResult' });

const importResponses = {
  200: { description: 'What was (or would be) done with each entry', schema: importResultSchema },
  403: {
    description:
      'Missing config:import, or a permission that writing the sections one by one needs (details.missing), such as connector:manage for connectors',
  },
};

/** The import body is checked by the service, which lists every problem of the document at once. */
const importBody = z.unknown();

function runImport(ctx: AppContext, context: ImportContext, body: unknown, strategy: ImportStrategy, preview: boolean) {
  // A preview writes nothing, so it records no entry of its own; a token's request is still audited.
  const caller = preview ? { principal: principalOf(ctx), requestId: ctx.state.requestId } : markSelfAudited(ctx);
  return importConfiguration(context, caller, body, { strategy, preview });
}

/** The import route and its dry run: the same declaration, told apart by `preview`. */
function importRoute(
  context: ImportContext,
  route: { path: string; operationId: string; summary: string; description: string; preview: boolean },
) {
  return {
    method: 'post' as const,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    access: 'config:import' as const,
    bodyLimitBytes: context.config.configImportBodyLimitBytes,
    query: importQuery,
    body: importBody,
    documentedBody: transferDocumentSchema,
    responses: importResponses,
    async handler(ctx: AppContext, { query, body }: { query: z.output<typeof importQuery>; body: unknown }) {
      ctx.body = await runImport(ctx, context, body, query.strategy, route.preview);
    },
  };
}

export function configTransferRoutes(deps: ResourceRouterDependencies, context: ImportContext): ResourceRouter {
  const { db } = context;
  return new ResourceRouter('/api/config', 'Configuration transfer', deps)
    .add({
      method: 'get',
      path: '/export',
      operationId: 'exportConfiguration',
      summary: 'Export whole sections as a portable document',
      access: 'config:export',
      query: exportQuery,
      responses: { 200: documentResponse, 409: sharedName },
      async handler(ctx, { query }) {
        ctx.body = await exportConfiguration(db, markSelfAudited(ctx), { sections: query.entities });
      },
    })
    .add({
      method: 'post',
      path: '/export',
      operationId: 'exportSelectedConfiguration',
      summary: 'Export named entities, with what they depend on by default',
      description: 'Names that match nothing are a 400 listing them.',
      access: 'config:export',
      body: exportSelectionSchema,
      responses: { 200: documentResponse, 409: sharedName },
      async handler(ctx, { body }) {
        ctx.body = await exportConfiguration(db, markSelfAudited(ctx), {
          names: body.entities,
          includeDependencies: body.includeDependencies,
        });
      },
    })
    .add(
      importRoute(context, {
        path: '/import/preview',
        operationId: 'previewConfigurationImport',
        summary: 'Dry run of an import: the same answer, nothing written',
        description:
          'Runs the import in a transaction that is rolled back. A document with problems is a 400 listing each by section and name.',
        preview: true,
      }),
    )
    .add(
      importRoute(context, {
        path: '/import',
        operationId: 'importConfiguration',
        summary: 'Import a configuration document in one transaction',
        description:
          'A document with problems is a 400 listing each by section and name, and nothing is written. Entries the services refuse are reported in details and the rest applied; a database failure rolls everything back (500). Schedules are registered with Temporal after the commit.',
        preview: false,
      }),
    );
}
