import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { exportConfiguration } from '../../services/transfer/export-configuration.js';
import {
  TRANSFER_SECTIONS,
  transferDocumentSchema,
  type TransferSection,
} from '../../services/transfer/transfer-document.js';
import { auditedCaller } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const sectionSchema = z.enum(TRANSFER_SECTIONS as [TransferSection, ...TransferSection[]], {
  error: `sections are: ${TRANSFER_SECTIONS.join(', ')}`,
});

const exportQuery = z
  .object({
    entities: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((section) => section.trim()) : [...TRANSFER_SECTIONS]))
      .pipe(z.array(sectionSchema))
      .meta({ type: 'string' })
      .describe(`Comma-separated sections (default all): ${TRANSFER_SECTIONS.join(', ')}`),
  })
  .strict();

const exportSelectionBody = z
  .object({
    entities: z
      .partialRecord(sectionSchema, z.array(z.string().min(1)).max(10_000))
      .describe('Names per section; schedules are named <workflow>/<schedule name or cron expression>'),
    includeDependencies: z
      .boolean()
      .default(true)
      .describe('Add what the named entities refer to: workflows of schedules, projects of workflows, ...'),
  })
  .strict();

const documentResponse = { description: 'The configuration document (spec 2.13)', schema: transferDocumentSchema };

export function configTransferRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/config', 'Configuration transfer', deps)
    .add({
      method: 'get',
      path: '/export',
      operationId: 'exportConfiguration',
      summary: 'Export whole sections as a portable document',
      access: 'config:export',
      query: exportQuery,
      responses: { 200: documentResponse },
      async handler(ctx, { query }) {
        ctx.body = await exportConfiguration(db, auditedCaller(ctx), { sections: query.entities });
      },
    })
    .add({
      method: 'post',
      path: '/export',
      operationId: 'exportSelectedConfiguration',
      summary: 'Export named entities, with what they depend on by default',
      description: 'Names that match nothing are a 400 listing them.',
      access: 'config:export',
      body: exportSelectionBody,
      responses: { 200: documentResponse },
      async handler(ctx, { body }) {
        ctx.body = await exportConfiguration(db, auditedCaller(ctx), {
          names: body.entities,
          includeDependencies: body.includeDependencies,
        });
      },
    });
}
