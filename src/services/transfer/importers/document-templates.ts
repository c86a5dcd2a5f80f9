import type { SectionEntry } from '../../../domain/transfer-document.js';
import { documentTemplates } from '../../templates/document-templates.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';

/** The metadata of document templates already here; new ones are skipped (spec 4.7). */
export async function importDocumentTemplates(
  run: ImportRun,
  entries: Array<SectionEntry<'documentTemplates'>>,
): Promise<void> {
  for (const entry of entries) {
    const existing = await run.tx.documentTemplate.findUnique({ where: { name: entry.name } });
    await run.apply(
      'document_template',
      entry.name,
      existing !== null,
      // Spec 4.7: metadata only, skipped if new. A template is made with its file, which no
      // document carries; an import only brings the metadata of templates already here.
      async () =>
        done('skipped', {
          note: 'New document templates are not imported (spec 4.7: metadata only, skipped if new); create it with POST /api/document-templates, then import again to update it',
        }),
      async () => {
        await documentTemplates.replace(run.tx, run.caller, existing!.id, entry);
        return done('updated');
      },
      run.changesOf('documentTemplates', entry.name, (stored) =>
        fieldChanges(stored, entry, ['description', 'fileName', 'mimeType', 'placeholders']),
      ),
    );
  }
}
