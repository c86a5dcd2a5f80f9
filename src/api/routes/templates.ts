import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { idParams } from '../../domain/common.js';
import { documentTemplateInputSchema, documentTemplateSampleSchema } from '../../domain/document-template.js';
import {
  emailTemplateDraftPreviewSchema,
  emailTemplateInputSchema,
  emailTemplateSampleSchema,
} from '../../domain/email-template.js';
import { documentTemplates, toDocumentTemplateView } from '../../services/templates/document-templates.js';
import { emailTemplates, toEmailTemplateView } from '../../services/templates/email-templates.js';
import { previewDocumentTemplate } from '../../services/templates/preview-document-template.js';
import { previewEmailSources, previewEmailTemplate } from '../../services/templates/preview-email-template.js';
import { addCrudRoutes } from '../crud-routes.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const timestamps = { id: z.uuid(), createdAt: z.date(), updatedAt: z.date() };
const emailTemplateSchema = emailTemplateInputSchema.extend(timestamps).meta({ id: 'EmailTemplate' });
const documentTemplateSchema = documentTemplateInputSchema.extend(timestamps).meta({ id: 'DocumentTemplate' });
const emailPreviewSchema = z
  .object({
    subject: z.string().describe('The subject line, unescaped and on one line'),
    html: z.string().describe('The HTML body; values from the inputs are escaped'),
  })
  .meta({ id: 'EmailTemplatePreview' });
const documentPreviewSchema = z
  .object({
    placeholders: z.array(
      z.object({
        name: z.string(),
        value: z.unknown().optional().describe('Absent when the variables hold nothing under that name'),
        filled: z.boolean(),
      }),
    ),
    missing: z.array(z.string()).describe('The placeholders the variables leave unfilled'),
  })
  .meta({ id: 'DocumentTemplatePreview' });
const renderFailure = {
  description: 'Invalid inputs, or the template does not render with them (the reason says why)',
};

// Templates are part of workflow authoring: whoever reads workflows reads them, workflow editors manage them.
// A preview runs a template on inputs of the caller's choosing: it is for those who may edit templates.
export function emailTemplateRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return addCrudRoutes(new ResourceRouter('/api/email-templates', 'Email templates', deps), {
    noun: 'email template',
    readPermission: 'workflow:read',
    managePermission: 'workflow:update',
    viewSchema: emailTemplateSchema,
    inputSchema: emailTemplateInputSchema,
    list: (query) => emailTemplates.list(db, query),
    load: async (id) => toEmailTemplateView(await emailTemplates.load(db, id)),
    create: (caller, input) => emailTemplates.create(db, caller, input),
    update: (caller, id, input) => emailTemplates.update(db, caller, id, input),
    remove: (caller, id) => emailTemplates.remove(db, caller, id),
  })
    .add({
      method: 'post',
      path: '/preview',
      operationId: 'previewEmailTemplateDraft',
      summary: 'Render unsaved template sources with sample inputs, as a notification step would',
      access: 'workflow:update',
      body: emailTemplateDraftPreviewSchema,
      responses: { 200: { description: 'The rendered email', schema: emailPreviewSchema }, 400: renderFailure },
      handler(ctx, { body }) {
        const { subjectTemplate, bodyTemplate, ...sample } = body;
        ctx.body = previewEmailSources({ subjectTemplate, bodyTemplate }, sample);
      },
    })
    .add({
      method: 'post',
      path: '/:id/preview',
      operationId: 'previewEmailTemplate',
      summary: 'Render a saved email template with sample inputs, as a notification step would',
      access: 'workflow:update',
      params: idParams,
      body: emailTemplateSampleSchema,
      responses: { 200: { description: 'The rendered email', schema: emailPreviewSchema }, 400: renderFailure },
      async handler(ctx, { params, body }) {
        ctx.body = await previewEmailTemplate(db, params.id, body);
      },
    });
}

export function documentTemplateRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return addCrudRoutes(new ResourceRouter('/api/document-templates', 'Document templates', deps), {
    noun: 'document template',
    readPermission: 'workflow:read',
    managePermission: 'workflow:update',
    viewSchema: documentTemplateSchema,
    inputSchema: documentTemplateInputSchema,
    list: (query) => documentTemplates.list(db, query),
    load: async (id) => toDocumentTemplateView(await documentTemplates.load(db, id)),
    create: (caller, input) => documentTemplates.create(db, caller, input),
    update: (caller, id, input) => documentTemplates.update(db, caller, id, input),
    remove: (caller, id) => documentTemplates.remove(db, caller, id),
  }).add({
    method: 'post',
    path: '/:id/preview',
    operationId: 'previewDocumentTemplate',
    summary: 'The value each placeholder would receive from sample variables (the document itself lives elsewhere)',
    access: 'workflow:update',
    params: idParams,
    body: documentTemplateSampleSchema,
    responses: { 200: { description: 'The placeholders with their values', schema: documentPreviewSchema } },
    async handler(ctx, { params, body }) {
      ctx.body = await previewDocumentTemplate(db, params.id, body);
    },
  });
}
