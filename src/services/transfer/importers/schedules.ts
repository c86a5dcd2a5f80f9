import type { DatabaseClient } from '../../../db/client.js';
import type { Schedule } from '../../../db/generated/client.js';
import { entryKey, type SectionEntry } from '../../../domain/transfer-document.js';
import { changeSchedule, insertSchedule } from '../../schedules/manage-schedules.js';
import { sharedScheduleKeysConflict } from '../export-configuration.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun, type PendingSchedule } from '../import-run.js';

/** Schedules by their key; each saved one is registered with Temporal once the import commits. */
export async function importSchedules(run: ImportRun, entries: Array<SectionEntry<'schedules'>>): Promise<void> {
  for (const entry of entries) {
    const name = entryKey('schedules', entry);
    const workflow = await run.workflowNamed(entry.workflow);
    if (!workflow) {
      run.record('schedule', name, { action: 'error', error: `Workflow "${entry.workflow}" was not imported` });
      continue;
    }
    const matching = await schedulesUnderKey(run.tx, workflow.id, entry);
    // Two schedules this entry could update: updating either would be a guess.
    if (matching.length > 1) {
      run.record('schedule', name, { action: 'error', error: sharedScheduleKeysConflict([name])!.message });
      continue;
    }
    const existing = matching[0] ?? null;
    const input = {
      workflowId: workflow.id,
      name: entry.name,
      cronExpression: entry.cronExpression,
      timezone: entry.timezone,
      enabled: entry.enabled,
      variables: entry.variables,
    };
    let pending: Omit<PendingSchedule, 'detail'> | undefined;
    const detail = await run.apply(
      'schedule',
      name,
      existing !== null,
      async () => {
        pending = { row: await insertSchedule(run.tx, run.context.config, run.caller, input), mode: 'create' };
        return done('created');
      },
      async () => {
        const row = await changeSchedule(run.tx, run.context.config, run.caller, existing!.id, input);
        pending = { row, mode: 'upsert' };
        return done('updated');
      },
      // A schedule on another version than the workflow's current one is moved: never unchanged.
      existing?.workflowId === workflow.id
        ? run.changesOf('schedules', name, (stored) =>
            fieldChanges(stored, entry, ['cronExpression', 'timezone', 'enabled', 'variables']),
          )
        : undefined,
    );
    if (pending && detail.action !== 'error') run.schedules.push({ detail, ...pending });
  }
}

/**
 * The schedules an import entry stands for: those under its key (`<workflow>/<name or cron
 * expression>`) on the workflow it imports onto, else on the newest other version of that
 * workflow, whose schedule the import then moves (docs/transfer.md). Schedules of several
 * versions under one key are one per version, so only two on one version are ambiguous.
 */
async function schedulesUnderKey(
  tx: DatabaseClient,
  workflowId: string,
  entry: SectionEntry<'schedules'>,
): Promise<Schedule[]> {
  const own = entry.name ?? entry.cronExpression;
  const rows = await tx.schedule.findMany({
    where: {
      workflow: { name: entry.workflow, deletedAt: null },
      OR: [{ name: own }, { name: null, cronExpression: own }],
    },
    include: { workflow: { select: { createdAt: true } } },
    orderBy: [{ workflow: { createdAt: 'desc' } }, { createdAt: 'asc' }],
  });
  const version = rows.some((row) => row.workflowId === workflowId) ? workflowId : rows[0]?.workflowId;
  return rows.filter((row) => row.workflowId === version);
}
