import type { SectionEntry } from '../../../domain/transfer-document.js';
import { emailTemplates } from '../../templates/email-templates.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';

/** Email templates by name. */
export async function importEmailTemplates(
  run: ImportRun,
  entries: Array<SectionEntry<'emailTemplates'>>,
): Promise<void> {
  for (const entry of entries) {
    const existing = await run.tx.emailTemplate.findUnique({ where: { name: entry.name } });
    await run.apply(
      'email_template',
      entry.name,
      existing !== null,
      async () => {
        await emailTemplates.insert(run.tx, run.caller, entry);
        return done('created');
      },
      async () => {
        await emailTemplates.replace(run.tx, run.caller, existing!.id, entry);
        return done('updated');
      },
      run.changesOf('emailTemplates', entry.name, (stored) =>
        fieldChanges(stored, entry, ['description', 'subjectTemplate', 'bodyTemplate', 'isDefault']),
      ),
    );
  }
}
