import { Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import type { EmailTemplate } from '../../db/generated/client.js';
import type { EmailTemplateInput } from '../../domain/email-template.js';
import { fetchPage, sortedById, type Page, type PageQuery } from '../../domain/pagination.js';
import { notFound } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { withUniqueName } from '../unique-names.js';
import { containsIgnoringCase } from '../../domain/text-match.js';

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

export async function loadEmailTemplate(db: DatabaseClient, id: string): Promise<EmailTemplate> {
  const row = await db.emailTemplate.findUnique({ where: { id } });
  if (!row) throw notFound('Email template');
  return row;
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

/** Inserts a template inside the caller's transaction (used by the API and by configuration import). */
export async function insertEmailTemplate(tx: DatabaseClient, caller: Caller, input: EmailTemplateInput) {
  await clearOtherDefaults(tx, input, null);
  const row = await tx.emailTemplate.create({ data: input });
  await auditChange(tx, caller, 'email_template.created', { type: 'email_template', id: row.id }, { name: row.name });
  return toEmailTemplateView(row);
}

/** Replaces a template inside the caller's transaction. */
export async function replaceEmailTemplate(tx: DatabaseClient, caller: Caller, id: string, input: EmailTemplateInput) {
  const before = await loadEmailTemplate(tx, id);
  await clearOtherDefaults(tx, input, id);
  const row = await tx.emailTemplate.update({ where: { id }, data: input });
  await auditChange(
    tx,
    caller,
    'email_template.updated',
    { type: 'email_template', id },
    { from: before.name, to: row.name },
  );
  return toEmailTemplateView(row);
}

export function createEmailTemplate(db: Database, caller: Caller, input: EmailTemplateInput) {
  return withUniqueName('An email template', input.name, () =>
    db.$transaction((tx) => insertEmailTemplate(tx, caller, input)),
  );
}

export function updateEmailTemplate(db: Database, caller: Caller, id: string, input: EmailTemplateInput) {
  return withUniqueName('An email template', input.name, () =>
    db.$transaction((tx) => replaceEmailTemplate(tx, caller, id, input)),
  );
}

export async function deleteEmailTemplate(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await loadEmailTemplate(tx, id);
    await tx.emailTemplate.delete({ where: { id } });
    await auditChange(tx, caller, 'email_template.deleted', { type: 'email_template', id }, { name: row.name });
  });
}

/** A page of templates, by name or creation time, optionally filtered by a case-insensitive name match. */
export function listEmailTemplates(
  db: DatabaseClient,
  query: PageQuery & { sortBy: 'name' | 'createdAt'; sortOrder: 'asc' | 'desc'; search?: string },
): Promise<Page<ReturnType<typeof toEmailTemplateView>>> {
  const where = query.search ? { name: containsIgnoringCase(query.search) } : {};
  return fetchPage(
    query,
    async (window) =>
      (
        await db.emailTemplate.findMany({
          where,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toEmailTemplateView),
    () => db.emailTemplate.count({ where }),
  );
}
