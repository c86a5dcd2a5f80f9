import { ScheduleNotFoundError, ServiceError, type Client, type ScheduleOptions } from '@temporalio/client';
import type { Config } from '../../config/index.js';
import { jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { transactionAroundTemporalCall, withTemporalDeadline } from '../../temporal/client.js';
import { createUnlessExists, deleteIfPresent, startsOnQueue } from '../../temporal/schedule-ownership.js';
import type { Schedule } from '../../db/generated/client.js';
import { notFound, validationFailed } from '../../errors/index.js';
import { assertCan } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import { startRefusal } from '../runs/start-run.js';
import { checkRunVariables, describeVariableProblems } from '../../engine/run-variables.js';
import { secretVariableNames } from '../runs/secret-variables.js';
import { checkScheduleExpression } from './schedule-spec.js';
import { fetchPage, sortedById, type SortedPageQuery } from '../../domain/pagination.js';

/** gRPC status INVALID_ARGUMENT, as Temporal answers a request it refuses. */
const INVALID_ARGUMENT = 3;

export interface SchedulesContext {
  db: Database;
  temporal: Client;
  config: Readonly<Config>;
}

export interface ScheduleInput {
  workflowId: string;
  name: string | null;
  cronExpression: string;
  timezone: string | null;
  enabled: boolean;
  variables: Record<string, unknown>;
}

/** The Temporal Schedule id of a schedule: the same id, with a prefix that marks it as ours. */
export const SCHEDULE_ID_PREFIX = 'flowgate-schedule-';
export const temporalScheduleId = (id: string) => `${SCHEDULE_ID_PREFIX}${id}`;

export function toScheduleView(row: Schedule) {
  return {
    id: row.id,
    workflowId: row.workflowId,
    name: row.name,
    cronExpression: row.cronExpression,
    timezone: row.timezone,
    enabled: row.enabled,
    variables: jsonObject.parse(row.variables),
    pausedReason: row.pausedReason,
    temporalScheduleId: temporalScheduleId(row.id),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadSchedule(db: DatabaseClient, id: string): Promise<Schedule> {
  const row = await db.schedule.findUnique({ where: { id } });
  if (!row) throw notFound('Schedule');
  return row;
}

/**
 * The time zone as Temporal will read it, or a 400 for an unknown one. IANA names are matched
 * in any case by JavaScript but not by Temporal, so `europe/berlin` is stored as `Europe/Berlin`.
 */
function canonicalTimezone(timezone: string | null): string | null {
  if (!timezone) return timezone;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    throw validationFailed(`Unknown time zone "${timezone}" (use an IANA name such as Europe/Berlin)`, {
      field: 'timezone',
    });
  }
  return resolved.toLowerCase() === timezone.toLowerCase() ? resolved : timezone;
}

/**
 * A schedule starts runs, with variables of its own, as whoever last set what it starts; setting
 * that up needs `workflow:start` besides `schedule:manage`, as naming a sync's post-sync workflow does.
 */
const STARTS_RUNS = 'set what a schedule starts';

/** The workflow must exist, take the `scheduled` trigger, not be deprecated, and accept the variables. */
async function checkWorkflow(db: DatabaseClient, input: ScheduleInput): Promise<void> {
  const workflow = toWorkflowView(
    await loadWorkflow(db, input.workflowId).catch(() => {
      throw validationFailed(`Workflow ${input.workflowId} does not exist`, { field: 'workflowId' });
    }),
  );
  const refusal = startRefusal(workflow, 'scheduled');
  if (refusal) throw validationFailed(refusal, { field: 'workflowId' });
  const problem = describeVariableProblems(
    checkRunVariables(workflow.variables, input.variables, { requireAll: true }),
  );
  if (problem)
    throw validationFailed(`The schedule's variables do not fit the workflow: ${problem}`, { field: 'variables' });
  // A schedule keeps its variables in its row, its exports and its Temporal Schedule: no secret there.
  const secrets = [...secretVariableNames(workflow.variables)].filter(
    (name) => input.variables[name] !== null && input.variables[name] !== undefined,
  );
  if (secrets.length > 0)
    throw validationFailed(
      `A schedule cannot hold secret variables (${secrets.join(', ')}): it would keep their values in clear; start such runs by hand or through a webhook`,
      { field: 'variables' },
    );
}

/** What the Temporal Schedule of `row` should be. */
export function temporalScheduleOptions(
  row: Pick<Schedule, 'id' | 'cronExpression' | 'timezone' | 'enabled'>,
  taskQueue: string,
): ScheduleOptions {
  return {
    scheduleId: temporalScheduleId(row.id),
    spec: { cronExpressions: [row.cronExpression], timezone: row.timezone ?? undefined },
    action: {
      type: 'startWorkflow',
      workflowType: 'scheduledStartWorkflow',
      taskQueue,
      args: [{ scheduleId: row.id }],
    },
    policies: { catchupWindow: '1 minute' },
    state: { paused: !row.enabled, note: row.enabled ? undefined : 'disabled in Flowgate' },
  };
}

/**
 * A cronExpression Temporal would accept, firing no more often than SCHEDULE_MIN_INTERVAL_SECONDS
 * allows (400 otherwise): checked before Temporal sees it.
 */
function checkCronExpression(cronExpression: string, config: Readonly<Config>): void {
  const check = checkScheduleExpression(cronExpression);
  if (!check.valid)
    throw validationFailed(`Invalid cron expression "${cronExpression}": ${check.problem}`, {
      field: 'cronExpression',
    });
  const floor = config.schedules.minIntervalSeconds;
  if (check.minIntervalSeconds < floor) {
    throw validationFailed(
      `The schedule "${cronExpression}" fires too often: firings must be at least ${floor} seconds apart, and this one can fire ${check.minIntervalSeconds} seconds after the last`,
      { field: 'cronExpression', minIntervalSeconds: floor },
    );
  }
}

/** What Temporal said when it refused a schedule, without the gRPC status prefix. */
function temporalRefusalReason(error: unknown): string {
  const said = error instanceof ServiceError ? (error.cause as Error).message : (error as Error).message;
  return said.replace(/^3 INVALID_ARGUMENT: /, '');
}

/** Temporal's refusal of a schedule: the SDK's TypeError for an invalid spec, or INVALID_ARGUMENT. */
function isTemporalRefusal(error: unknown): boolean {
  const invalidSpec = error instanceof Error && error.name === 'TypeError';
  const invalidArgument =
    error instanceof ServiceError && (error.cause as { code?: unknown } | undefined)?.code === INVALID_ARGUMENT;
  return invalidSpec || invalidArgument;
}

/**
 * Anything Temporal still refuses as an invalid argument when the schedule is written (the SDK
 * turns an invalid spec into a TypeError, other invalid arguments into a ServiceError with gRPC
 * status 3) is the caller's 400, not a 500.
 */
async function writeTemporal<T>(write: () => Promise<T>, cronExpression: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isTemporalRefusal(error)) {
      throw validationFailed(`Temporal refused the schedule "${cronExpression}": ${temporalRefusalReason(error)}`, {
        field: 'cronExpression',
      });
    }
    throw error;
  }
}

/**
 * Creates the schedule row and its Temporal Schedule together: the Temporal write happens inside
 * the database transaction, so either both exist or neither.
 */
export async function createSchedule(context: SchedulesContext, caller: Caller, input: ScheduleInput) {
  return context.db.$transaction(async (tx) => {
    const row = await insertSchedule(tx, context.config, caller, input);
    await writeTemporalSchedule(context, row, 'create');
    return toScheduleView(row);
  }, transactionAroundTemporalCall(context.temporal));
}

/**
 * Checks and inserts a schedule row inside the caller's transaction, without touching Temporal:
 * the caller registers it with `writeTemporalSchedule` (configuration import does so after commit).
 */
export async function insertSchedule(
  tx: DatabaseClient,
  config: Readonly<Config>,
  caller: Caller,
  input: ScheduleInput,
): Promise<Schedule> {
  assertCan(caller.principal, 'workflow:start', STARTS_RUNS);
  checkCronExpression(input.cronExpression, config);
  const timezone = canonicalTimezone(input.timezone);
  await checkWorkflow(tx, input);
  const row = await tx.schedule.create({
    data: {
      ...input,
      timezone,
      variables: jsonColumn(input.variables),
      createdBy: caller.principal.userId,
      updatedBy: caller.principal.userId,
    },
  });
  await auditChange(
    tx,
    caller,
    'schedule.created',
    { type: 'schedule', id: row.id },
    { workflowId: row.workflowId, cronExpression: row.cronExpression },
  );
  return row;
}

/**
 * Creates the Temporal Schedule of `row`, or brings an existing one in line with it (keeping its
 * state when `row` does not say otherwise). With `upsert`, a missing or existing one is both fine.
 */
export async function writeTemporalSchedule(
  context: Pick<SchedulesContext, 'temporal' | 'config'>,
  row: Schedule,
  mode: 'create' | 'update' | 'upsert',
): Promise<void> {
  const options = temporalScheduleOptions(row, context.config.temporal.taskQueue);
  const create = () => context.temporal.schedule.create(options).then(() => undefined);
  const update = () =>
    context.temporal.schedule.getHandle(options.scheduleId).update((previous) => ({
      ...previous,
      spec: options.spec,
      action: options.action,
      state: options.state ?? previous.state,
    }));
  const upsert = () =>
    update().catch((error: unknown) => {
      if (error instanceof ScheduleNotFoundError) return create();
      throw error;
    });
  await withTemporalDeadline(context.temporal, () =>
    writeTemporal({ create, update, upsert }[mode], row.cronExpression),
  );
}

export async function updateSchedule(
  context: SchedulesContext,
  caller: Caller,
  id: string,
  changes: Partial<ScheduleInput>,
) {
  return context.db.$transaction(async (tx) => {
    const row = await changeSchedule(tx, context.config, caller, id, changes);
    // Upsert: a Temporal Schedule that went missing (deleted in the Temporal UI, or never
    // registered by an import while Temporal was away) is created again by saving the row.
    await writeTemporalSchedule(context, row, 'upsert');
    return toScheduleView(row);
  }, transactionAroundTemporalCall(context.temporal));
}

/** Checks and applies changes to a schedule row inside the caller's transaction, without touching Temporal. */
export async function changeSchedule(
  tx: DatabaseClient,
  config: Readonly<Config>,
  caller: Caller,
  id: string,
  changes: Partial<ScheduleInput>,
): Promise<Schedule> {
  if (changes.cronExpression !== undefined) checkCronExpression(changes.cronExpression, config);
  const timezone = changes.timezone === undefined ? undefined : canonicalTimezone(changes.timezone);
  const current = await loadSchedule(tx, id);
  const next = {
    ...current,
    ...changes,
    variables: changes.variables ?? jsonObject.parse(current.variables),
  };
  // What the schedule will start is checked when that changes, or when the schedule is turned
  // on: pausing or renaming the schedule of a deprecated or deleted workflow stays possible.
  const startsChecked = changes.workflowId !== undefined || changes.variables !== undefined || changes.enabled === true;
  if (startsChecked) {
    assertCan(caller.principal, 'workflow:start', STARTS_RUNS);
    await checkWorkflow(tx, next);
  }
  const row = await tx.schedule.update({
    where: { id },
    data: {
      ...changes,
      timezone,
      variables: changes.variables ? jsonColumn(changes.variables) : undefined,
      updatedBy: caller.principal.userId,
      // Why firings start nothing stays until the workflow has been checked again.
      ...(startsChecked ? { pausedReason: null } : {}),
    },
  });
  await auditChange(tx, caller, 'schedule.updated', { type: 'schedule', id }, { changed: Object.keys(changes) });
  return row;
}

export async function deleteSchedule(context: SchedulesContext, caller: Caller, id: string): Promise<void> {
  await context.db.$transaction(async (tx) => {
    const row = await loadSchedule(tx, id);
    await tx.schedule.delete({ where: { id } });
    await auditChange(tx, caller, 'schedule.deleted', { type: 'schedule', id }, { workflowId: row.workflowId });
    await withTemporalDeadline(context.temporal, () => deleteIfPresent(context.temporal, temporalScheduleId(id)));
  }, transactionAroundTemporalCall(context.temporal));
}

/** How many schedules the startup repair describes at once. */
const REPAIR_CONCURRENCY = 16;

/**
 * Startup repair: every schedule row gets its Temporal Schedule back if it went missing, and
 * Temporal Schedules of ours without a row are removed. Returns what it changed.
 */
export async function reconcileSchedules(
  context: SchedulesContext,
): Promise<{ recreated: string[]; removed: string[]; refused: Array<{ scheduleId: string; reason: string }> }> {
  const rows = await context.db.schedule.findMany();
  const wanted = new Map(rows.map((row) => [temporalScheduleId(row.id), row]));
  const existing = new Set<string>();
  for await (const summary of context.temporal.schedule.list()) {
    if (summary.scheduleId.startsWith(SCHEDULE_ID_PREFIX)) existing.add(summary.scheduleId);
  }
  const { taskQueue } = context.config.temporal;
  const removed: string[] = [];
  for (const scheduleId of existing) {
    // Another deployment's schedule in the same namespace (another task queue) is not ours to remove.
    if (wanted.has(scheduleId) || !(await startsOnQueue(context.temporal, scheduleId, taskQueue))) continue;
    // Created by another process since the rows were read (its row commits after its schedule).
    const rowId = scheduleId.slice(SCHEDULE_ID_PREFIX.length);
    if (await context.db.schedule.findUnique({ where: { id: rowId }, select: { id: true } })) continue;
    await deleteIfPresent(context.temporal, scheduleId);
    removed.push(scheduleId);
  }
  const recreated: string[] = [];
  const refused: Array<{ scheduleId: string; reason: string }> = [];
  // Each row's schedule is described rather than looked up in the listing, which comes from
  // Temporal's visibility and lags behind: a schedule deleted a moment ago may still be listed.
  // Several at a time, so that many schedules on a distant Temporal do not hold the API's start.
  const rowsToCheck = [...wanted];
  for (let index = 0; index < rowsToCheck.length; index += REPAIR_CONCURRENCY) {
    await Promise.all(
      rowsToCheck.slice(index, index + REPAIR_CONCURRENCY).map(async ([scheduleId, row]) => {
        try {
          await context.temporal.schedule.getHandle(scheduleId).describe();
        } catch (error) {
          if (!(error instanceof ScheduleNotFoundError)) throw error;
          // Another process repairing at the same time may have created it first. A row Temporal
          // refuses (written by hand, or by a version with looser checks) is reported and left for
          // its owners: it must not keep the API from starting.
          try {
            if (await createUnlessExists(context.temporal, temporalScheduleOptions(row, taskQueue)))
              recreated.push(scheduleId);
          } catch (refusal) {
            if (!isTemporalRefusal(refusal)) throw refusal;
            refused.push({ scheduleId, reason: temporalRefusalReason(refusal) });
          }
        }
      }),
    );
  }
  return { recreated, removed, refused };
}

/** A page of schedules, of one workflow with `workflowId`. */
export function listSchedules(db: Database, query: SortedPageQuery & { workflowId?: string }) {
  const where = { workflowId: query.workflowId };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.schedule.findMany({
          where,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toScheduleView),
    () => db.schedule.count({ where }),
  );
}
