import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { redact } from '../audit/index.js';
import { Prisma, sqlStateOf, type DatabaseClient } from '../db/client.js';
import { RUN_CANCELLED_BEFORE_START, RUN_WITHDRAWN } from '../domain/run.js';
import type { FinishStepInput, MarkRunInput, ProjectionWrite, StartStepInput } from '../domain/run-projection.js';

/** What a batch leaves in one step row: its start, its finish, or both. */
interface StepRowWrite {
  start?: StartStepInput;
  finish?: FinishStepInput;
}

/** A batch's writes with one write per row, which leaves the rows as writing them in order would. */
export interface RowWrites {
  /** The run's row: the batch's run writes merged, the later one winning field by field. */
  run?: MarkRunInput;
  steps: StepRowWrite[];
}

/**
 * One write per row. A run's row and its step rows are independent of one another, so merging
 * all the writes of a row, wherever they are in the batch, leaves the same end state: the fields
 * of later run writes win, a step's start and finish become one upsert (steps that do not wait,
 * such as conditions, are written once, already finished), and a later finish of a step wins.
 */
export function rowWrites(writes: readonly ProjectionWrite[]): RowWrites {
  let run: MarkRunInput | undefined;
  const steps = new Map<string, StepRowWrite>();
  const stepRow = (write: { runId: string; sequence: number; attempt: number }) => {
    const key = `${write.runId}/${write.sequence}/${write.attempt}`;
    const row = steps.get(key) ?? {};
    steps.set(key, row);
    return row;
  };
  for (const write of writes) {
    if (write.kind === 'run') {
      const { kind: _kind, ...fields } = write;
      run = { ...run, ...definedFields(fields) };
    } else if (write.kind === 'startStep') {
      const { kind: _kind, ...start } = write;
      stepRow(write).start = start;
    } else {
      const { kind: _kind, ...finish } = write;
      const row = stepRow(write);
      row.finish = { ...row.finish, ...definedFields(finish) };
    }
  }
  return { run, steps: [...steps.values()] };
}

/** The fields of a write that it sets (an absent field leaves the column as it is). */
function definedFields<T extends object>(write: T): T {
  return Object.fromEntries(Object.entries(write).filter(([, value]) => value !== undefined)) as T;
}

/** A JSON value as a parameter: SQL NULL for null, redacted otherwise (like the Prisma writes). */
const json = (value: unknown, redacted = true) =>
  value === null ? Prisma.sql`NULL` : Prisma.sql`${JSON.stringify(redacted ? redact(value) : value)}::jsonb`;

/** `column = value` for each field that is set. */
function assignments(fields: Array<[string, Prisma.Sql | undefined]>): Prisma.Sql {
  return Prisma.join(
    fields
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => Prisma.sql`${Prisma.raw(column)} = ${value}`),
  );
}

const optional = <T>(value: T | undefined, sql: (value: T) => Prisma.Sql) =>
  value === undefined ? undefined : sql(value);

function runUpdate(run: MarkRunInput, now: Date): Prisma.Sql {
  const finished = run.status === 'completed' || run.status === 'cancelled' || run.status === 'failed';
  const set = assignments([
    ['status', Prisma.sql`${run.status}`],
    ['current_step_id', optional(run.currentStepId, (value) => Prisma.sql`${value}`)],
    ['failed_step_id', optional(run.failedStepId, (value) => Prisma.sql`${value}`)],
    ['error', optional(run.error, (value) => json(value))],
    ['variables', optional(run.variables, (value) => json(value, false))],
    ['completed_at', finished ? Prisma.sql`${now}` : Prisma.sql`NULL`],
    ['updated_at', Prisma.sql`${now}`],
  ]);
  // A run cancelled before its execution started stays cancelled: only a cancellation writes it again.
  const notCancelledBeforeStart =
    run.status === 'cancelled' ? Prisma.empty : Prisma.sql`AND NOT ${cancelledBeforeStart(run.runId)}`;
  return Prisma.sql`UPDATE workflow_runs SET ${set} WHERE id = ${run.runId}::uuid ${notCancelledBeforeStart} RETURNING 1`;
}

/**
 * Whether the run is cancelled without a step row: cancelled in the database while pending
 * (`cancelRun`), before any execution wrote its first batch. A run its execution cancelled has
 * the rows of the steps it went through, written with or before the first status.
 */
const cancelledBeforeStart = (runId: string) => Prisma.sql`EXISTS (
  SELECT 1 FROM workflow_runs WHERE id = ${runId}::uuid AND status = 'cancelled'
    AND NOT EXISTS (SELECT 1 FROM run_steps WHERE run_id = ${runId}::uuid))`;

/**
 * The SQLSTATEs a batch fails with (class RF is free for applications): its run's execution must
 * not run a step, or a row it updates is missing (PL/pgSQL's `no_data_found`, retried).
 */
const CANCELLED_BEFORE_START = 'RF001';
const WITHDRAWN = 'RF002';
const ROW_MISSING = 'P0002';

/** Fails the statement with `code` (the `raise_error` function of the migrations). */
const raiseError = (code: string, message: string) => Prisma.sql`raise_error(${code}::text, ${message}::text)`;

/**
 * Why a run write matched no row: the run was cancelled before it started, or it has no row (its
 * start was reported failed and the row removed, `withdrawRun`: every run is committed before its
 * execution starts, so a missing row is never one still to come).
 */
function runMissing(runId: string): Prisma.Sql {
  return Prisma.sql`CASE
    WHEN ${cancelledBeforeStart(runId)}
      THEN ${raiseError(CANCELLED_BEFORE_START, `Run cancelled before its execution started: run ${runId}`)}
    WHEN NOT EXISTS (SELECT 1 FROM workflow_runs WHERE id = ${runId}::uuid)
      THEN ${raiseError(WITHDRAWN, `Run withdrawn: run ${runId}`)}
    ELSE ${raiseError(ROW_MISSING, `Projection row missing: run ${runId}`)} END`;
}

/** The failure of a batch refused for good because its run's execution must not run a step. */
function refusal(runId: string, error: unknown): ApplicationFailure | undefined {
  const code = sqlStateOf(error);
  if (code === CANCELLED_BEFORE_START)
    return ApplicationFailure.nonRetryable(
      `Run ${runId} was cancelled before its execution started: none of its steps run`,
      RUN_CANCELLED_BEFORE_START,
    );
  if (code === WITHDRAWN)
    return ApplicationFailure.nonRetryable(
      `Run ${runId} was withdrawn when its start was reported failed: none of its steps run`,
      RUN_WITHDRAWN,
    );
  return undefined;
}

function finishedFields(finish: FinishStepInput, now: Date): Array<[string, Prisma.Sql | undefined]> {
  return [
    ['status', Prisma.sql`${finish.status}`],
    ['outcome', optional(finish.outcome, (value) => Prisma.sql`${value}`)],
    ['output', optional(finish.output, (value) => json(value))],
    ['error', optional(finish.error, (value) => json(value))],
    ['completed_at', Prisma.sql`${now}`],
  ];
}

/** A step's row as started, or, with its finish from the same batch, already finished. */
function stepUpsert(start: StartStepInput, finish: FinishStepInput | undefined, now: Date): Prisma.Sql {
  const fields = new Map<string, Prisma.Sql | undefined>([
    ['step_id', Prisma.sql`${start.stepId}`],
    ['step_name', Prisma.sql`${start.stepName}`],
    ['step_type', Prisma.sql`${start.stepType}`],
    ['status', Prisma.sql`${start.status}`],
    ['input', optional(start.input, (value) => json(value))],
    ...(finish ? finishedFields(finish, now) : []),
  ]);
  const set = [...fields].filter((field): field is [string, Prisma.Sql] => field[1] !== undefined);
  const columns = Prisma.raw(set.map(([column]) => column).join(', '));
  const values = Prisma.join(set.map(([, value]) => value));
  const updates = Prisma.raw(set.map(([column]) => `${column} = EXCLUDED.${column}`).join(', '));
  return Prisma.sql`
    INSERT INTO run_steps (id, run_id, sequence, attempt, started_at, ${columns})
    VALUES (${randomUUID()}::uuid, ${start.runId}::uuid, ${start.sequence}, ${start.attempt}, ${now}, ${values})
    ON CONFLICT (run_id, sequence, attempt) DO UPDATE SET ${updates}
    RETURNING 1`;
}

function stepFinish(finish: FinishStepInput, now: Date): Prisma.Sql {
  return Prisma.sql`
    UPDATE run_steps SET ${assignments(finishedFields(finish, now))}
    WHERE run_id = ${finish.runId}::uuid AND sequence = ${finish.sequence} AND attempt = ${finish.attempt}
    RETURNING 1`;
}

/**
 * Writes a batch as one statement, one data-modifying CTE per row: atomic without BEGIN and
 * COMMIT, one round trip instead of one per row plus two. Each row is written once (`rowWrites`),
 * as PostgreSQL requires of a statement. A run or step row that an update finds missing fails the
 * whole statement, as Prisma's update failed the batch's transaction, so the local activity
 * retries it: the check calls `raise_error`, whose error names the row.
 *
 * A run write other than a cancellation onto a run cancelled before its execution started (while
 * pending, by `cancelRun`; `cancelledBeforeStart`) fails the same way, but for good: that
 * execution must not run a step. Every execution's first batch writes the run's status, and a
 * step-work activity stores the batch it carries before its work, so nothing of such a run
 * happens; the interpreter ends the execution (`RUN_CANCELLED_BEFORE_START`). Runs cancelled
 * through Temporal are not refused: a flush their cancellation repeats (its workflow task lost
 * with a worker) still succeeds, and a reset execution writes as before. A run write onto no row
 * at all is refused for good too (`RUN_WITHDRAWN`): the run was withdrawn.
 */
export async function writeBatch(db: DatabaseClient, writes: readonly ProjectionWrite[]): Promise<void> {
  const rows = rowWrites(writes);
  const now = new Date();
  const parts: Array<{ sql: Prisma.Sql; missing?: Prisma.Sql }> = [];
  if (rows.run) parts.push({ sql: runUpdate(rows.run, now), missing: runMissing(rows.run.runId) });
  for (const { start, finish } of rows.steps) {
    if (start) parts.push({ sql: stepUpsert(start, finish, now) });
    else if (finish) {
      const row = `Projection row missing: step ${finish.sequence}.${finish.attempt} of run ${finish.runId}`;
      parts.push({ sql: stepFinish(finish, now), missing: raiseError(ROW_MISSING, row) });
    }
  }
  if (parts.length === 0) return;
  const ctes = Prisma.join(
    parts.map((part, index) => Prisma.sql`${Prisma.raw(`w${index}`)} AS (${part.sql})`),
    ', ',
  );
  // CASE calls raise_error (volatile, so never folded into the plan) only when the row is missing.
  const checks = parts.flatMap((part, index) => {
    if (!part.missing) return [];
    return [Prisma.sql`CASE WHEN (SELECT count(*) FROM ${Prisma.raw(`w${index}`)}) = 0 THEN ${part.missing} END`];
  });
  try {
    await db.$queryRaw`WITH ${ctes} SELECT ${checks.length > 0 ? Prisma.join(checks) : Prisma.sql`1`}`;
  } catch (error) {
    throw (rows.run && refusal(rows.run.runId, error)) || error;
  }
}
