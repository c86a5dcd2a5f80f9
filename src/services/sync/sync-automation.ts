import { createHash } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { AuditActor } from '../../audit/index.js';
import { isUniqueViolation, Prisma, type Database } from '../../db/client.js';
import type { SyncAutomationOutcome } from '../../domain/sync-matches.js';
import { SYNC_TRIGGER_MODES, type SyncStats } from '../../domain/sync.js';
import type { WorkflowView } from '../../domain/workflow-definition.js';
import { AppError, isAppError } from '../../errors/index.js';
import { DEPRECATED_START_MESSAGE, startRecordedRun } from '../runs/start-run.js';
import { loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import type { RecordKey } from './record-store.js';

/**
 * The automation of a sync pass (`syncTriggerMode`, spec 6.3): runs of the config's
 * `postSyncWorkflowId`, with the records the pass changed (`per_record`) or its stats
 * (`summary`). Every run has an id derived from the pass and its position, so starting the
 * same pass's runs again (an activity retry) finds them started instead of starting twice.
 */

/** At most this many records per `per_record` run; more make several runs. */
export const MAX_RECORDS_PER_RUN = 1000;
/** And at most about this many bytes of records, well under Temporal's 2 MB payload limit. */
export const MAX_RECORD_BYTES_PER_RUN = 1_000_000;

const SYSTEM: AuditActor = { type: 'system' };
const modeSchema = z.enum(SYNC_TRIGGER_MODES).exclude(['none']);

export interface AutomationDeps {
  db: Database;
  temporal: Client;
  taskQueue: string;
}

/** A changed record as the `records` variable carries it. */
export interface ChangedRecord {
  id: string;
  externalId: string;
  displayName: string;
  email: string | null;
  attributes: unknown;
  change: 'added' | 'updated';
}

/** A UUID (version 5 layout) derived from the pass and the run's position in it. */
export function automationRunId(passKey: string, index: number): string {
  const hex = createHash('sha256').update(`sync-automation:${passKey}:${index}`).digest('hex');
  const variant = (8 | (Number.parseInt(hex[16]!, 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The records added or changed since `since` (the pass's start), after `afterId`, by id. */
function changedRecords(db: Database, key: RecordKey, since: Date, afterId: string | null) {
  return db.$queryRaw<Array<Omit<ChangedRecord, 'change'> & { added: boolean }>>(Prisma.sql`
    SELECT id::text, external_id AS "externalId", display_name AS "displayName", email, attributes,
           created_at >= ${since} AS added
    FROM connector_resources
    WHERE connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType}
      AND changed_at >= ${since} AND stale_since IS NULL
      ${afterId === null ? Prisma.empty : Prisma.sql`AND id > ${afterId}::uuid`}
    ORDER BY id LIMIT ${MAX_RECORDS_PER_RUN}`);
}

/** Splits a page of records into runs of at most `MAX_RECORD_BYTES_PER_RUN` bytes (one record at least). */
function byteChunks(records: ChangedRecord[]): ChangedRecord[][] {
  const chunks: ChangedRecord[][] = [];
  let current: ChangedRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = Buffer.byteLength(JSON.stringify(record));
    if (current.length > 0 && bytes + size > MAX_RECORD_BYTES_PER_RUN) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(record);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Only the variables the workflow declares: the others would make the start fail (docs/sync.md). */
const declaredOnly = (workflow: WorkflowView, values: Record<string, unknown>) =>
  Object.fromEntries(
    workflow.variables
      .filter((variable) => variable.name in values)
      .map((variable) => [variable.name, values[variable.name]]),
  );

/** Starts the run under `runId` unless it already exists. */
async function startOnce(
  deps: AutomationDeps,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  runId: string,
): Promise<string> {
  if (await deps.db.workflowRun.findUnique({ where: { id: runId }, select: { id: true } })) return runId;
  try {
    return await startRecordedRun(deps, workflow, variables, { actor: SYSTEM, trigger: 'connector_sync', runId });
  } catch (error) {
    if (isUniqueViolation(error)) return runId;
    throw error;
  }
}

/**
 * Starts the runs of the config's automation after a successful pass that changed records;
 * null when the config has none. A run the workflow refuses (deprecated, missing or wrongly
 * typed variables, workflow gone) ends the automation with `error`; other failures throw, for
 * the activity to retry.
 */
export async function startSyncAutomation(
  deps: AutomationDeps,
  key: RecordKey,
  pass: { passKey: string; stats: SyncStats },
  progress: () => void = () => {},
): Promise<SyncAutomationOutcome | null> {
  const config = await deps.db.syncConfig.findUnique({
    where: { connectorId_resourceType: { connectorId: key.connectorId, resourceType: key.resourceType } },
  });
  const mode = modeSchema.safeParse(config?.syncTriggerMode);
  if (!config?.postSyncWorkflowId || !mode.success || !config.lastSuccessfulSyncAt) return null;
  const outcome: SyncAutomationOutcome = {
    mode: mode.data,
    workflowId: config.postSyncWorkflowId,
    runIds: [],
    records: 0,
    error: null,
  };
  const base = {
    connectorId: key.connectorId,
    resourceType: key.resourceType,
    workflowId: config.postSyncWorkflowId,
    triggerMode: mode.data,
  };
  try {
    const workflow = toWorkflowView(await loadWorkflow(deps.db, config.postSyncWorkflowId));
    if (workflow.status === 'deprecated') throw new AppError('validation_failed', DEPRECATED_START_MESSAGE);
    const start = async (extra: Record<string, unknown>) => {
      const runId = automationRunId(pass.passKey, outcome.runIds.length);
      outcome.runIds.push(await startOnce(deps, workflow, declaredOnly(workflow, { ...base, ...extra }), runId));
    };
    if (mode.data === 'summary') {
      await start({ stats: pass.stats });
      return outcome;
    }
    for (let afterId: string | null = null; ;) {
      const page = await changedRecords(deps.db, key, config.lastSuccessfulSyncAt, afterId);
      if (page.length === 0) break;
      const records = page.map(({ added, ...record }): ChangedRecord => ({
        ...record,
        change: added ? 'added' : 'updated',
      }));
      for (const chunk of byteChunks(records)) {
        await start({ records: chunk });
        outcome.records += chunk.length;
        progress();
      }
      afterId = page.at(-1)!.id;
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    outcome.error = `Could not start a run of the post-sync workflow: ${error.message}`;
  }
  return outcome;
}
