import type { SectionEntry } from '../../../domain/transfer-document.js';
import { conflict } from '../../../errors/index.js';
import { changeConnector, insertConnector } from '../../connectors/manage-connectors.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun, secretKeysToSet } from '../import-run.js';

/**
 * Connectors by name; a connector's type never changes, and the secrets a document names but this
 * one lacks are listed to set.
 */
export async function importConnectors(run: ImportRun, entries: Array<SectionEntry<'connectors'>>): Promise<void> {
  for (const entry of entries) {
    const existing = await run.tx.connector.findUnique({ where: { name: entry.name } });
    const fields = {
      description: entry.description,
      version: entry.version,
      configSchema: entry.configSchema,
      enabled: entry.enabled,
    };
    await run.apply(
      'connector',
      entry.name,
      existing !== null,
      async () => {
        await insertConnector(run.tx, run.context.connectors, run.caller, {
          name: entry.name,
          type: entry.type,
          ...fields,
        });
        return done('created', secretKeysToSet(entry.secretKeys, []));
      },
      async () => {
        if (existing!.type !== entry.type) {
          throw conflict(
            `The connector has type "${existing!.type}" here and "${entry.type}" in the document; a connector's type cannot change`,
          );
        }
        await changeConnector(run.tx, run.context.connectors, run.caller, existing!.id, fields);
        return done('updated', secretKeysToSet(entry.secretKeys, existing!.secretKeys));
      },
      run.changesOf('connectors', entry.name, (stored) =>
        fieldChanges(stored, entry, ['type', 'description', 'version', 'configSchema', 'enabled']),
      ),
    );
  }
}
