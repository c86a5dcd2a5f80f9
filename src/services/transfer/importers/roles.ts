import type { SectionEntry } from '../../../domain/transfer-document.js';
import { insertBusinessRole, replaceBusinessRole } from '../../access/business-roles.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';

/** Business roles by name. */
export async function importRoles(run: ImportRun, entries: Array<SectionEntry<'roles'>>): Promise<void> {
  for (const entry of entries) {
    const existing = await run.tx.businessRole.findUnique({ where: { name: entry.name } });
    await run.apply(
      'role',
      entry.name,
      existing !== null,
      async () => {
        await insertBusinessRole(run.tx, run.caller, entry);
        return done('created');
      },
      async () => {
        await replaceBusinessRole(run.tx, run.caller, existing!.id, entry);
        return done('updated');
      },
      run.changesOf('roles', entry.name, (stored) =>
        fieldChanges(stored, { ...entry, entitlements: [...entry.entitlements].sort() }, [
          'description',
          'status',
          'expiresAfterDays',
          'entitlements',
        ]),
      ),
    );
  }
}
