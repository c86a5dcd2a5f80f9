import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { AuditActor } from '../../audit/index.js';
import { isUniqueViolation, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import type { SyncAutomationOutcome } from '../../domain/sync-matches.js';
import type { SyncStats } from '../../domain/sync-pass.js';
import { SYNC_TRIGGER_MODES } from '../../domain/sync.js';
import type { WorkflowView } from '../../domain/workflow-definition.js';
import { AppError, isAppError } from '../../errors/index.js';
import { derivedRunId } from '../runs/derived-run-id.js';
import { recordedRunOf } from '../runs/run-record.js';
import {
  DEPRECATED_START_MESSAGE,
  recordRunInTransaction,
  startRunExecution,
  type RecordedRun,
} from '../runs/start-run.js';
import { loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import type { RecordKey } from './record-store.js';

/**
 * The automation of a sync pass (`syncTriggerMode`, spec 6.3): runs of the config's
 * `postSyncWorkflowId`, with the records the pass changed (`per_record`) or its stats
 * (`summary`); and `per_record` runs for single records changed by the resource webhook. Every
 * run has an id derived from the pass (or event) and its position, so starting the same pass's
 * runs again (an activity retry) finds them started instead of starting twice.
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
  return derivedRunId(`sync-automation:${passKey}:${index}`, 5);
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

/** What an automation run is: its workflow, its variables, its id, and who set the automation up. */
interface AutomationRun {
  workflow: WorkflowView;
  variables: Record<string, unknown>;
  runId: string;
  initiatedBy: string | null;
}

/** Records the run under `runId` in `tx` unless it exists already; undefined when it does. */
async function recordOnceIn(tx: DatabaseClient, run: AutomationRun): Promise<RecordedRun | undefined> {
  if (await tx.workflowRun.findUnique({ where: { id: run.runId }, select: { id: true } })) return undefined;
  return recordRunInTransaction(tx, run.workflow, run.variables, {
    actor: SYSTEM,
    trigger: 'connector_sync',
    runId: run.runId,
    initiatedBy: run.initiatedBy,
  });
}

/**
 * Records the run under `runId` in a transaction of its own, then starts its execution: a run
 * recorded already (a concurrent start, or this activity retried after the commit) is started
 * from its row, idempotently, so a retry never leaves a run without its execution.
 */
async function startOnce(deps: AutomationDeps, run: AutomationRun): Promise<string> {
  const { runId } = run;
  let recorded: RecordedRun | undefined;
  try {
    recorded = await deps.db.$transaction((tx) => recordOnceIn(tx, run));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  await startRunExecution(
    deps,
    recorded ?? recordedRunOf(await deps.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })),
  );
  return runId;
}

/**
 * The config's automation: its empty outcome and the variables every run gets; null when the
 * config has no `postSyncWorkflowId` or its mode is `none`.
 */
async function automationOf(db: DatabaseClient, key: RecordKey) {
  const config = await db.syncConfig.findUnique({
    where: { connectorId_resourceType: { connectorId: key.connectorId, resourceType: key.resourceType } },
  });
  const mode = modeSchema.safeParse(config?.syncTriggerMode);
  if (!config?.postSyncWorkflowId || !mode.success) return null;
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
  // Who last set the automation up: its runs count as theirs for the self-approval rule.
  return { config, mode: mode.data, outcome, base, initiatedBy: config.updatedBy };
}

/**
 * Runs `starts` with the automation's workflow. A start the workflow refuses (deprecated, missing
 * or wrongly typed variables, workflow gone) becomes the outcome's `error`; other failures throw.
 */
async function withWorkflow(
  db: DatabaseClient,
  outcome: SyncAutomationOutcome,
  starts: (workflow: WorkflowView) => Promise<void>,
): Promise<SyncAutomationOutcome> {
  try {
    const workflow = toWorkflowView(await loadWorkflow(db, outcome.workflowId!));
    if (workflow.status === 'deprecated') throw new AppError('validation_failed', DEPRECATED_START_MESSAGE);
    await starts(workflow);
  } catch (error) {
    if (!isAppError(error)) throw error;
    outcome.error = `Could not start a run of the post-sync workflow: ${error.message}`;
  }
  return outcome;
}

/**
 * Starts the runs of the config's automation after a successful pass that changed records;
 * null when the config has none. A refused start ends the automation with `error`; other
 * failures throw, for the activity to retry.
 */
export async function startSyncAutomation(
  deps: AutomationDeps,
  key: RecordKey,
  pass: { passKey: string; stats: SyncStats },
  progress: () => void = () => {},
): Promise<SyncAutomationOutcome | null> {
  const automation = await automationOf(deps.db, key);
  if (!automation?.config.lastSuccessfulSyncAt) return null;
  const { outcome, base, initiatedBy } = automation;
  const since = automation.config.lastSuccessfulSyncAt;
  return withWorkflow(deps.db, outcome, async (workflow) => {
    const start = async (extra: Record<string, unknown>) => {
      const runId = automationRunId(pass.passKey, outcome.runIds.length);
      const variables = declaredOnly(workflow, { ...base, ...extra });
      outcome.runIds.push(await startOnce(deps, { workflow, variables, runId, initiatedBy }));
    };
    if (automation.mode === 'summary') return start({ stats: pass.stats });
    for (let afterId: string | null = null; ;) {
      const page = await changedRecords(deps.db, key, since, afterId);
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
  });
}

/**
 * The `per_record` automation of one record a resource webhook event added or updated: one run
 * with that record, as a pass that saw the change would start, but in the event's transaction
 * (the event, the record and the run commit together) and under a run id derived from the event.
 * The run is added to `recorded`, for the caller to start once the transaction has committed. Null unless the config is `per_record` with a workflow; a refused start is the outcome's
 * `error` and leaves the transaction usable (nothing was written before the refusal).
 */
export async function recordRecordAutomation(
  tx: DatabaseClient,
  key: RecordKey,
  change: { eventKey: string; record: ChangedRecord },
  recorded: RecordedRun[],
): Promise<SyncAutomationOutcome | null> {
  const automation = await automationOf(tx, key);
  if (automation?.mode !== 'per_record') return null;
  const { outcome, base, initiatedBy } = automation;
  return withWorkflow(tx, outcome, async (workflow) => {
    const variables = declaredOnly(workflow, { ...base, records: [change.record] });
    const runId = automationRunId(change.eventKey, 0);
    const run = await recordOnceIn(tx, { workflow, variables, runId, initiatedBy });
    if (run) recorded.push(run);
    outcome.runIds.push(runId);
    outcome.records = 1;
  });
}
