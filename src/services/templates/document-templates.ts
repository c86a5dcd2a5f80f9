import type { DocumentTemplate } from '../../db/generated/client.js';
import type { DocumentTemplateInput } from '../../domain/document-template.js';
import { templateStore } from './template-store.js';

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

/** The document templates' operations (template-store.ts). */
export const documentTemplates = templateStore<
  DocumentTemplate,
  DocumentTemplateInput,
  ReturnType<typeof toDocumentTemplateView>
>({
  type: 'document_template',
  label: 'Document template',
  nameTaken: 'A document template',
  table: (db) => db.documentTemplate,
  view: toDocumentTemplateView,
});
