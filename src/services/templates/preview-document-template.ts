import type { DatabaseClient } from '../../db/client.js';
import { resolvePath } from '../../engine/interpolation.js';
import { documentTemplates } from './document-templates.js';

export interface DocumentPlaceholderValue {
  name: string;
  /** The sample's value; absent when the variables hold nothing under that name. */
  value?: unknown;
  filled: boolean;
}

/**
 * What a document template's placeholders would be filled with: Flowgate keeps only the
 * document's metadata (the file lives elsewhere), so there is no document to render, only the
 * value each placeholder would receive. Names are read like step interpolation reads them.
 */
export async function previewDocumentTemplate(
  db: DatabaseClient,
  id: string,
  sample: { variables: Record<string, unknown> },
): Promise<{ placeholders: DocumentPlaceholderValue[]; missing: string[] }> {
  const template = await documentTemplates.load(db, id);
  const placeholders = template.placeholders.map((name) => {
    const value = resolvePath(sample.variables, name);
    return value === undefined ? { name, filled: false } : { name, value, filled: true };
  });
  return { placeholders, missing: placeholders.filter((entry) => !entry.filled).map((entry) => entry.name) };
}
