import type { Config } from '../../config/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { type DatabaseClient, isUniqueViolation } from '../../db/client.js';
import type { Schedule } from '../../db/generated/client.js';
import type { ImportStrategy, SectionEntry, TransferSection } from '../../domain/transfer-document.js';
import { type AppError, conflict, isAppError, validationFailed } from '../../errors/index.js';
import type { Caller } from '../caller.js';
import { activeEmailOf } from '../users/user-record.js';
import type { WorkflowRow } from '../workflows/workflow-record.js';
import { currentWorkflows, storedEntry } from './export-configuration.js';
import type { FieldChange, ImportAction, ImportDetail, ImportEntity } from './import-result.js';

/** What happened to one row, before it is named. */
export type ImportRow = Omit<ImportDetail, 'entity' | 'name'>;
type RowWork = () => Promise<ImportRow>;

/** A schedule saved in the transaction, to register with Temporal once it commits. */
export interface PendingSchedule {
  detail: ImportDetail;
  row: Schedule;
  mode: 'create' | 'upsert';
}

/**
 * Runs one row in a savepoint. A refusal of that row (an `AppError`, or a unique violation) rolls
 * back the row alone and is reported; anything else (the database failing) ends the whole import.
 */
async function inSavepoint(tx: DatabaseClient, work: RowWork): Promise<ImportRow> {
  await tx.$executeRaw`SAVEPOINT import_row`;
  try {
    const row = await work();
    await tx.$executeRaw`RELEASE SAVEPOINT import_row`;
    return row;
  } catch (error) {
    const refusal: AppError | undefined = isAppError(error)
      ? error
      : isUniqueViolation(error)
        ? conflict('Another entity already has this name')
        : undefined;
    if (!refusal) throw error;
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT import_row`;
    return { action: 'error', error: refusal.message };
  }
}

/** One import in progress: the transaction, the caller, the strategy, and what happened so far. */
export class ImportRun {
  readonly details: ImportDetail[] = [];
  readonly schedules: PendingSchedule[] = [];

  constructor(
    readonly tx: DatabaseClient,
    readonly context: { config: Readonly<Config>; connectors: ConnectorRuntime },
    readonly caller: Caller,
    readonly strategy: ImportStrategy,
  ) {}

  record(entity: ImportEntity, name: string, row: ImportRow): ImportDetail {
    const detail = { entity, name, ...row };
    this.details.push(detail);
    return detail;
  }

  /**
   * The strategy applied to one entry: created when new; updated, skipped or refused when it
   * exists. With `changes`, an existing entry the document would not change is `unchanged` and
   * left alone, and an updated one lists what changed.
   */
  async apply(
    entity: ImportEntity,
    name: string,
    exists: boolean,
    create: RowWork,
    update: RowWork,
    changes?: () => Promise<FieldChange[] | undefined>,
  ) {
    if (!exists) return this.record(entity, name, await inSavepoint(this.tx, create));
    if (this.strategy === 'create_only') {
      return this.record(entity, name, { action: 'error', error: 'Already exists (strategy create_only)' });
    }
    if (this.strategy === 'skip_existing') return this.record(entity, name, { action: 'skipped' });
    const differences = await changes?.();
    if (differences?.length === 0) return this.record(entity, name, { action: 'unchanged' });
    const row = await inSavepoint(this.tx, update);
    return this.record(entity, name, row.action === 'updated' && differences ? { ...row, changes: differences } : row);
  }

  /**
   * What writing `wanted` over the stored entity of `key` would change, compared on its exported
   * form; undefined when that form cannot be read (the update then decides).
   */
  changesOf<S extends TransferSection>(
    section: S,
    key: string,
    compare: (stored: SectionEntry<S>) => FieldChange[],
  ): () => Promise<FieldChange[] | undefined> {
    return async () => {
      const stored = await storedEntry(this.tx, section, key).catch(() => undefined);
      return stored && compare(stored);
    };
  }

  /** The workflow `name` stands for here (a name belongs to one version chain), if any. */
  async workflowNamed(name: string): Promise<WorkflowRow | undefined> {
    return (await currentWorkflows(this.tx, [name])).chosen.get(name);
  }

  /** Ids of the active users with these emails; an unknown email refuses the row (its savepoint undoes it). */
  async userIds(emails: string[]): Promise<Map<string, string>> {
    const wanted = emails.map((email) => activeEmailOf(email)!);
    const users = await this.tx.user.findMany({
      where: { activeEmail: { in: wanted } },
      select: { id: true, activeEmail: true },
    });
    const ids = new Map(users.map((user) => [user.activeEmail!, user.id]));
    const missing = emails.filter((email) => !ids.has(activeEmailOf(email)!));
    if (missing.length > 0) throw validationFailed(`No active user has the email: ${missing.join(', ')}`);
    return new Map(emails.map((email) => [email, ids.get(activeEmailOf(email)!)!]));
  }
}

export const done = (action: Exclude<ImportAction, 'error'>, extra: Omit<ImportRow, 'action'> = {}): ImportRow => ({
  action,
  ...extra,
});

export function secretKeysToSet(wanted: string[], held: string[]): Omit<ImportRow, 'action'> {
  const missing = wanted.filter((key) => !held.includes(key));
  return missing.length > 0 ? { secretKeysToSet: missing } : {};
}
