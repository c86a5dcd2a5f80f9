import type { Client } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import proto from '@temporalio/proto';
import type { Database } from '../../src/db/client.js';
import { stepIdempotencyKey } from '../../src/activities/run-steps.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import type { CountingRemote } from './counting-remote.js';
import { APPROVED_PATH, CONNECTOR_STEPS, REJECTED_PATH } from './workload.js';

const EventType = proto.temporal.api.enums.v1.EventType;

export interface RunFigures {
  runs: number;
  completed: number;
  /** Runs whose end state or step path is not the one their decision leads to. */
  wrongEndState: string[];
  connectorAttempts: number;
  /** Attempts that failed (a timeout, a reset connection: the step's error strategy retries them). */
  failedAttempts: number;
  /** Failed attempts whose request never reached the remote: the only attempts without a side effect. */
  undeliveredAttempts: number;
  /** The failed attempts' result codes (`timeout` for a call past CONNECTOR_TIMEOUT_MS). */
  failureCodes: Record<string, number>;
  /** Steps whose attempts break the `retry` error strategy of docs/runs.md. */
  retryMismatches: string[];
  sideEffects: number;
  /** Requests that repeated a key already applied (a call cut short by a killed worker, retried). */
  repeatedDeliveries: number;
  /** Step attempts with no side effect, or side effects no step attempt records. */
  sideEffectMismatches: string[];
  /** Differences between the PostgreSQL projection and the Temporal history. */
  projectionMismatches: string[];
  /** Approvals signalled more often than decided: a decision whose commit failed after its signal, retried. */
  signalledTwice: string[];
}

/** Polls PostgreSQL until every run has closed or the time is up; returns how long it took. */
export async function waitForRuns(
  db: Database,
  runIds: string[],
  timeoutMs: number,
  progress: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  let polls = 0;
  while (Date.now() - started < timeoutMs) {
    const open = await db.workflowRun
      .count({ where: { id: { in: runIds }, status: { notIn: ['completed', 'failed', 'cancelled'] } } })
      .catch(() => runIds.length);
    if (open === 0) return Date.now() - started;
    if (++polls % 15 === 0) progress(`${open} of ${runIds.length} runs still open${await laggards(db, runIds)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return Date.now() - started;
}

/** Where the last few open runs stand (status and current step), to tell what they wait for. */
async function laggards(db: Database, runIds: string[]): Promise<string> {
  const open = await db.workflowRun
    .findMany({
      where: { id: { in: runIds }, status: { notIn: ['completed', 'failed', 'cancelled'] } },
      select: { id: true, status: true, currentStepId: true },
      take: 4,
    })
    .catch(() => []);
  return open.length > 3 ? '' : `: ${open.map((run) => `${run.id} ${run.status} at ${run.currentStepId}`).join(', ')}`;
}

/**
 * Checks every run against its expected end, the remote's side-effect counts and its Temporal
 * history: the workflow status, each connector step attempt (scheduled and completed activities
 * against completed projection rows) and each approval decision (signals against decided rows).
 */
export async function verifyRuns(
  db: Database,
  client: Client,
  remote: CountingRemote,
  runs: ReadonlyMap<string, 'approve' | 'reject'>,
): Promise<RunFigures> {
  const figures: RunFigures = {
    runs: runs.size,
    completed: 0,
    wrongEndState: [],
    connectorAttempts: 0,
    failedAttempts: 0,
    undeliveredAttempts: 0,
    failureCodes: {},
    retryMismatches: [],
    sideEffects: 0,
    repeatedDeliveries: 0,
    sideEffectMismatches: [],
    projectionMismatches: [],
    signalledTwice: [],
  };
  const rows = await db.workflowRun.findMany({
    where: { id: { in: [...runs.keys()] } },
    include: { steps: { orderBy: [{ sequence: 'asc' }, { attempt: 'asc' }] }, approvals: true },
  });
  const recordedKeys = new Set<string>();
  for (const row of rows) {
    if (row.status === 'completed') figures.completed += 1;
    const expected = runs.get(row.id) === 'approve' ? APPROVED_PATH : REJECTED_PATH;
    const path = row.steps.filter((step) => step.status === 'completed').map((step) => step.stepId);
    if (row.status !== 'completed' || path.join() !== expected.join())
      figures.wrongEndState.push(`${row.id}: ${row.status} via ${path.join('>')}`);

    const connectorRows = row.steps.filter((step) => CONNECTOR_STEPS.has(step.stepId));
    for (const step of connectorRows) {
      figures.connectorAttempts += 1;
      const key = stepIdempotencyKey({
        runId: row.id,
        stepId: step.stepId,
        sequence: step.sequence,
        attempt: step.attempt,
      });
      recordedKeys.add(key);
      if (step.status === 'failed') {
        figures.failedAttempts += 1;
        countFailure(figures.failureCodes, step.error);
      }
      if (remote.applied.has(key)) continue;
      // A call cut off by the network may fail before its request arrives; one that succeeded cannot.
      if (step.status === 'failed') figures.undeliveredAttempts += 1;
      else figures.sideEffectMismatches.push(`${key}: recorded ${step.status}, never applied`);
    }

    figures.retryMismatches.push(...retryMismatches(row.id, connectorRows));

    const history = await historyOf(client, row.id);
    if (history.status !== row.status)
      figures.projectionMismatches.push(`${row.id}: Temporal ${history.status}, projection ${row.status}`);
    // A connector call that failed is a completed activity too: its failure is the step's outcome.
    const projected = connectorRows
      .filter((step) => step.status === 'completed' || step.status === 'failed')
      .map((step) => `${step.sequence}:${step.attempt}`)
      .sort();
    if (history.completedConnectorAttempts.join() !== projected.join())
      figures.projectionMismatches.push(
        `${row.id}: connector attempts completed in Temporal ${history.completedConnectorAttempts.join(' ')}, in projection ${projected.join(' ')}`,
      );
    const decided = row.approvals.filter(
      (approval) => approval.status === 'approved' || approval.status === 'rejected',
    );
    // The one window docs/operations.md leaves open: the signal went out, then the commit failed
    // (the connection lost at that moment) and the caller's retry signalled again.
    if (history.decisionSignals > decided.length && decided.length > 0)
      figures.signalledTwice.push(`${row.id}: ${history.decisionSignals} decision signals, ${decided.length} decided`);
    else if (history.decisionSignals !== decided.length)
      figures.projectionMismatches.push(
        `${row.id}: ${history.decisionSignals} decision signals in Temporal, ${decided.length} decided approvals`,
      );
  }
  const missing = runs.size - rows.length;
  if (missing > 0) figures.projectionMismatches.push(`${missing} started runs have no row`);

  for (const [key, count] of remote.calls) {
    if (key === '') {
      figures.sideEffectMismatches.push(`${count} calls without an idempotency key`);
      continue;
    }
    // The remote serves every scenario: only this scenario's runs count.
    if (!runs.has(key.split(':')[0]!)) continue;
    figures.repeatedDeliveries += count - 1;
    if (!recordedKeys.has(key)) figures.sideEffectMismatches.push(`${key}: applied, no step attempt records it`);
  }
  figures.sideEffects = [...remote.applied].filter((key) => runs.has(key.split(':')[0]!)).length;
  return figures;
}

/** Adds a failed step's result code (its `error` column) to `counts`. */
export function countFailure(counts: Record<string, number>, error: unknown): void {
  const code = String((error as { code?: unknown } | null)?.code ?? 'none');
  counts[code] = (counts[code] ?? 0) + 1;
}

const RETRY_DELAYS_MS = [1_000, 2_000];

/**
 * The `retry` error strategy (docs/runs.md) step by step: a visit of a connector step makes at
 * most 3 attempts, numbered from 1, the next one 1 s and then 2 s after the previous one failed;
 * every attempt but the last failed, and the last completed or, as the third, failed the run
 * (which the suite then retried, so the step is visited again).
 */
function retryMismatches(
  runId: string,
  rows: Array<{
    stepId: string;
    sequence: number;
    attempt: number;
    status: string;
    startedAt: Date;
    completedAt: Date | null;
  }>,
): string[] {
  const mismatches: string[] = [];
  for (const sequence of new Set(rows.map((row) => row.sequence))) {
    const attempts = rows.filter((row) => row.sequence === sequence);
    const where = `${runId} ${attempts[0]!.stepId} #${sequence}`;
    if (attempts.some((row, index) => row.attempt !== index + 1) || attempts.length > 1 + RETRY_DELAYS_MS.length)
      mismatches.push(`${where}: attempts ${attempts.map((row) => row.attempt).join(',')}`);
    for (const [index, row] of attempts.entries()) {
      const last = index === attempts.length - 1;
      if (!last && row.status !== 'failed')
        mismatches.push(`${where}: attempt ${row.attempt} ${row.status}, then retried`);
      if (last && row.status !== 'completed' && !(row.status === 'failed' && attempts.length === 3))
        mismatches.push(`${where}: last attempt ${row.attempt} ${row.status}`);
      const next = attempts[index + 1];
      // Timestamps have millisecond precision and come from the worker's clock; 100 ms of slack.
      if (
        next &&
        row.completedAt &&
        next.startedAt.getTime() - row.completedAt.getTime() < RETRY_DELAYS_MS[index]! - 100
      )
        mismatches.push(
          `${where}: attempt ${next.attempt} ${next.startedAt.getTime() - row.completedAt.getTime()} ms after attempt ${row.attempt}`,
        );
    }
  }
  return mismatches;
}

interface HistorySummary {
  status: string;
  completedConnectorAttempts: string[];
  decisionSignals: number;
}

const STATUS_OF_CLOSE: Record<string, string> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  TERMINATED: 'terminated',
  TIMED_OUT: 'timed_out',
  RUNNING: 'running',
};

async function historyOf(client: Client, runId: string): Promise<HistorySummary> {
  const handle = client.workflow.getHandle(runWorkflowId(runId));
  const [description, history] = await Promise.all([handle.describe(), handle.fetchHistory()]);
  const scheduled = new Map<string, string>();
  const completed: string[] = [];
  let decisionSignals = 0;
  for (const event of history.events ?? []) {
    const attributes = event.activityTaskScheduledEventAttributes;
    if (
      event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED &&
      attributes?.activityType?.name === 'runConnectorStep'
    ) {
      const input = defaultPayloadConverter.fromPayload<{ sequence: number; attempt: number }>(
        attributes.input!.payloads![0]!,
      );
      scheduled.set(String(event.eventId), `${input.sequence}:${input.attempt}`);
    }
    if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
      const attempt = scheduled.get(String(event.activityTaskCompletedEventAttributes?.scheduledEventId));
      if (attempt) completed.push(attempt);
    }
    if (
      event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED &&
      event.workflowExecutionSignaledEventAttributes?.signalName === 'approvalDecided'
    )
      decisionSignals += 1;
  }
  return {
    status: STATUS_OF_CLOSE[description.status.name] ?? description.status.name,
    completedConnectorAttempts: completed.sort(),
    decisionSignals,
  };
}
