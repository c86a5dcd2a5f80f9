import type { SectionEntry } from '../../../domain/transfer-document.js';
import { insertEntitlement, replaceEntitlement } from '../../access/entitlements.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';

/** Entitlements by name. */
export async function importEntitlements(run: ImportRun, entries: Array<SectionEntry<'entitlements'>>): Promise<void> {
  for (const entry of entries) {
    const existing = await run.tx.entitlement.findUnique({ where: { name: entry.name } });
    await run.apply(
      'entitlement',
      entry.name,
      existing !== null,
      async () => {
        await insertEntitlement(run.tx, run.caller, entry);
        return done('created');
      },
      async () => {
        await replaceEntitlement(run.tx, run.caller, existing!.id, entry);
        return done('updated');
      },
      run.changesOf('entitlements', entry.name, (stored) =>
        fieldChanges(stored, entry, [
          'description',
          'connector',
          'provisionConfig',
          'deprovisionConfig',
          'reconciliationConfig',
        ]),
      ),
    );
  }
}
