import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { documentTemplateInputSchema } from '../../domain/document-template.js';
import { emailTemplateInputSchema } from '../../domain/email-template.js';
import {
  createDocumentTemplate,
  deleteDocumentTemplate,
  listDocumentTemplates,
  loadDocumentTemplate,
  toDocumentTemplateView,
  updateDocumentTemplate,
} from '../../services/templates/document-templates.js';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  listEmailTemplates,
  loadEmailTemplate,
  toEmailTemplateView,
  updateEmailTemplate,
} from '../../services/templates/email-templates.js';
import { addCrudRoutes } from '../crud-routes.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const timestamps = { id: z.uuid(), createdAt: z.date(), updatedAt: z.date() };
const emailTemplateSchema = emailTemplateInputSchema.extend(timestamps).meta({ id: 'EmailTemplate' });
const documentTemplateSchema = documentTemplateInputSchema.extend(timestamps).meta({ id: 'DocumentTemplate' });

// Templates are part of workflow authoring: whoever reads workflows reads them, workflow editors manage them.
export function emailTemplateRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return addCrudRoutes(new ResourceRouter('/api/email-templates', 'Email templates', deps), {
    noun: 'email template',
    readPermission: 'workflow:read',
    managePermission: 'workflow:update',
    viewSchema: emailTemplateSchema,
    inputSchema: emailTemplateInputSchema,
    list: (query) => listEmailTemplates(db, query),
    load: async (id) => toEmailTemplateView(await loadEmailTemplate(db, id)),
    create: (caller, input) => createEmailTemplate(db, caller, input),
    update: (caller, id, input) => updateEmailTemplate(db, caller, id, input),
    remove: (caller, id) => deleteEmailTemplate(db, caller, id),
  });
}

export function documentTemplateRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return addCrudRoutes(new ResourceRouter('/api/document-templates', 'Document templates', deps), {
    noun: 'document template',
    readPermission: 'workflow:read',
    managePermission: 'workflow:update',
    viewSchema: documentTemplateSchema,
    inputSchema: documentTemplateInputSchema,
    list: (query) => listDocumentTemplates(db, query),
    load: async (id) => toDocumentTemplateView(await loadDocumentTemplate(db, id)),
    create: (caller, input) => createDocumentTemplate(db, caller, input),
    update: (caller, id, input) => updateDocumentTemplate(db, caller, id, input),
    remove: (caller, id) => deleteDocumentTemplate(db, caller, id),
  });
}
