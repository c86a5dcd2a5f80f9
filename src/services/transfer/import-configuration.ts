import type { Client } from '@temporalio/client';
import { actorOf, recordAudit } from '../../audit/index.js';
import type { Config } from '../../config/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import { requestRoleResync } from '../access/role-resync.js';
import type { Caller } from '../caller.js';
import { writeTemporalSchedule } from '../schedules/manage-schedules.js';
import { checkDocument } from './check-document.js';
import { assertSectionPermissions } from './import-permissions.js';
import type { ImportStrategy } from '../../domain/transfer-document.js';
import { resultOf, type ImportResult } from './import-result.js';
import type { PendingSchedule } from './import-run.js';
import { importSections } from './import-sections.js';

export interface ImportContext {
  db: Database;
  temporal: Client;
  config: Readonly<Config>;
  connectors: ConnectorRuntime;
}

/**
 * A large document holds thousands of rows, each a few statements: far beyond Prisma's default
 * five-second interactive transaction.
 */
const IMPORT_TRANSACTION_TIMEOUT_MS = 10 * 60_000;

/** Thrown to end a preview's transaction: rolled back, carrying what the import would have done. */
class PreviewRollback extends Error {
  constructor(readonly result: ImportResult) {
    super('configuration import preview');
  }
}

/** Registers imported schedules with Temporal after the commit; a refusal turns that row into an error. */
async function registerSchedules(context: ImportContext, schedules: PendingSchedule[]): Promise<void> {
  for (const { detail, row, mode } of schedules) {
    try {
      await writeTemporalSchedule(context, row, mode);
    } catch (error) {
      detail.action = 'error';
      detail.error = `Saved, but Temporal did not take the schedule: ${(error as Error).message}; save it again (PATCH /api/schedules/${row.id}) to retry`;
    }
  }
}

/**
 * Imports a configuration document (spec 4.7). The whole document is checked first (400 listing
 * every problem, nothing written), and the caller must hold what writing its sections one by one
 * needs (403 otherwise); then every section is applied in one transaction, in the
 * order of the spec. A row the services refuse is reported and the rest applied; a database
 * failure rolls everything back. A preview runs the same code and rolls back, so it answers what
 * the import would do. Schedules are registered with Temporal once the transaction has committed,
 * and then the resync of role holders is asked for (docs/connectors.md).
 */
export async function importConfiguration(
  context: ImportContext,
  caller: Caller,
  input: unknown,
  options: { strategy: ImportStrategy; preview: boolean },
): Promise<ImportResult> {
  const document = await checkDocument(context.db, input);
  assertSectionPermissions(caller.principal, document);
  let applied: Awaited<ReturnType<typeof importSections>>;
  try {
    applied = await context.db.$transaction(
      async (tx) => {
        const outcome = await importSections(tx, context, caller, document, options.strategy);
        if (options.preview) throw new PreviewRollback(resultOf(outcome.details));
        await recordAudit(tx, {
          action: 'config.imported',
          actor: actorOf(caller.principal),
          requestId: caller.requestId,
          metadata: { strategy: options.strategy, ...resultOf(outcome.details).summary },
        });
        return outcome;
      },
      { timeout: IMPORT_TRANSACTION_TIMEOUT_MS },
    );
  } catch (error) {
    if (error instanceof PreviewRollback) return error.result;
    throw error;
  }
  await registerSchedules(context, applied.schedules);
  if (document.entities.roles?.length) await requestRoleResync(context.temporal);
  return resultOf(applied.details);
}
