import { Prisma, type DatabaseClient } from '../../db/client.js';
import type { EmailTemplate } from '../../db/generated/client.js';
import type { EmailTemplateInput } from '../../domain/email-template.js';
import { templateStore } from './template-store.js';

export function toEmailTemplateView(row: EmailTemplate) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subjectTemplate: row.subjectTemplate,
    bodyTemplate: row.bodyTemplate,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * At most one template is the default: writers of a default serialize on a lock and clear the
 * previous one, in the transaction of the write.
 */
async function clearOtherDefaults(tx: DatabaseClient, input: EmailTemplateInput, keepId: string | null) {
  if (!input.isDefault) return;
  await tx.$queryRaw(
    Prisma.sql`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('email_templates.is_default'))) AS locked`,
  );
  await tx.emailTemplate.updateMany({
    where: { isDefault: true, ...(keepId ? { id: { not: keepId } } : {}) },
    data: { isDefault: false },
  });
}

/** The email templates' operations (template-store.ts). */
export const emailTemplates = templateStore<EmailTemplate, EmailTemplateInput, ReturnType<typeof toEmailTemplateView>>({
  type: 'email_template',
  label: 'Email template',
  nameTaken: 'An email template',
  table: (db) => db.emailTemplate,
  view: toEmailTemplateView,
  beforeWrite: clearOtherDefaults,
});
