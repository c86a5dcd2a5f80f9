import type { Database, DatabaseClient } from '../../db/client.js';
import type { DocumentTemplate } from '../../db/generated/client.js';
import type { DocumentTemplateInput } from '../../domain/document-template.js';
import { fetchPage, sortedById, type Page, type PageQuery } from '../../domain/pagination.js';
import { notFound } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { withUniqueName } from '../unique-names.js';
import { containsIgnoringCase } from '../../domain/text-match.js';

export function toDocumentTemplateView(row: DocumentTemplate) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fileName: row.fileName,
    mimeType: row.mimeType,
    placeholders: row.placeholders,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadDocumentTemplate(db: DatabaseClient, id: string): Promise<DocumentTemplate> {
  const row = await db.documentTemplate.findUnique({ where: { id } });
  if (!row) throw notFound('Document template');
  return row;
}

/** Inserts a template inside the caller's transaction (used by the API and by configuration import). */
export async function insertDocumentTemplate(tx: DatabaseClient, caller: Caller, input: DocumentTemplateInput) {
  const row = await tx.documentTemplate.create({ data: input });
  await auditChange(
    tx,
    caller,
    'document_template.created',
    { type: 'document_template', id: row.id },
    { name: row.name },
  );
  return toDocumentTemplateView(row);
}

/** Replaces a template inside the caller's transaction. */
export async function replaceDocumentTemplate(
  tx: DatabaseClient,
  caller: Caller,
  id: string,
  input: DocumentTemplateInput,
) {
  const before = await loadDocumentTemplate(tx, id);
  const row = await tx.documentTemplate.update({ where: { id }, data: input });
  await auditChange(
    tx,
    caller,
    'document_template.updated',
    { type: 'document_template', id },
    { from: before.name, to: row.name },
  );
  return toDocumentTemplateView(row);
}

export function createDocumentTemplate(db: Database, caller: Caller, input: DocumentTemplateInput) {
  return withUniqueName('A document template', input.name, () =>
    db.$transaction((tx) => insertDocumentTemplate(tx, caller, input)),
  );
}

export function updateDocumentTemplate(db: Database, caller: Caller, id: string, input: DocumentTemplateInput) {
  return withUniqueName('A document template', input.name, () =>
    db.$transaction((tx) => replaceDocumentTemplate(tx, caller, id, input)),
  );
}

export async function deleteDocumentTemplate(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await loadDocumentTemplate(tx, id);
    await tx.documentTemplate.delete({ where: { id } });
    await auditChange(tx, caller, 'document_template.deleted', { type: 'document_template', id }, { name: row.name });
  });
}

/** A page of templates, by name or creation time, optionally filtered by a case-insensitive name match. */
export function listDocumentTemplates(
  db: DatabaseClient,
  query: PageQuery & { sortBy: 'name' | 'createdAt'; sortOrder: 'asc' | 'desc'; search?: string },
): Promise<Page<ReturnType<typeof toDocumentTemplateView>>> {
  const where = query.search ? { name: containsIgnoringCase(query.search) } : {};
  return fetchPage(
    query,
    async (window) =>
      (
        await db.documentTemplate.findMany({
          where,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toDocumentTemplateView),
    () => db.documentTemplate.count({ where }),
  );
}
