import { Context } from '@temporalio/activity';
import { commandRefusal, executeConnectorCommand } from '../connectors/execute-command.js';
import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import type { ReconciliationList } from '../domain/step-types.js';
import { runnableConnector } from '../services/connectors/connector-record.js';
import { runAuthorityRefusal, STEP_FORBIDDEN_CODE } from '../services/runs/run-authority.js';
import { invalidateCache } from '../services/sync/record-cache.js';
import { collectBatch, heldByActiveUser, type BatchAccountStatus } from '../services/sync/reconciliation-batches.js';
import type { StepResult } from './run-steps.js';

// The account_reconciliation step's work (docs/connectors-scim.md, "Deactivating in bulk"): the
// batch lives in the database, so neither the accounts nor the progress weigh on the run's history.

interface StepVisit {
  runId: string;
  sequence: number;
  attempt: number;
  stepId: string;
  connector: string;
}

export interface CollectAccountsInput extends StepVisit {
  lists: ReconciliationList[];
  limit: number;
}

export interface DeactivateAccountsInput extends StepVisit {
  /** The collect step whose latest batch of this run to deactivate. */
  from: string;
}

/** A deactivation's result: `done: false` when its time slice ran out with accounts left. */
export type DeactivationResult = StepResult & { done: boolean };

/** Accounts read from the batch at a time. */
const PAGE = 100;
/** Failures named in the step's output; the batch row of each keeps its code. */
const LISTED_FAILURES = 20;
/** How long one activity call deactivates before it hands back, so no call nears its timeout. */
const DEFAULT_SLICE_MS = 60_000;

const refused = (error: string, code: string): DeactivationResult => ({ success: false, error, code, done: true });

export function createAccountReconciliationActivities(deps: {
  db: Database;
  connectors: ConnectorRuntime;
  /** How long one deactivateAccounts call works before handing back (tests make it short). */
  sliceMs?: number;
}) {
  const { db, connectors } = deps;
  const sliceMs = deps.sliceMs ?? DEFAULT_SLICE_MS;

  async function deactivateAccounts(input: DeactivateAccountsInput): Promise<DeactivationResult> {
    const refusal = await runAuthorityRefusal(
      db,
      input.runId,
      'connector:execute',
      `deactivate accounts of ${input.connector}, which writes to the remote system`,
    );
    if (refusal) return refused(refusal, STEP_FORBIDDEN_CODE);
    const row = await db.connector.findUnique({ where: { name: input.connector } });
    if (!row) return refused(`Connector ${input.connector} does not exist`, 'unknown_connector');
    const handler = connectors.registry.get(row.type)?.handler;
    const deactivation = handler?.accountDeactivation;
    if (!deactivation)
      return refused(
        `Connector ${input.connector} (${row.type}) cannot deactivate accounts named by their sync record`,
        'deactivation_unsupported',
      );
    const connector = runnableConnector(db, row, connectors);
    const unrunnable = commandRefusal(handler, connector, deactivation.command);
    if (unrunnable)
      return refused(unrunnable.error ?? 'The connector refuses the command', unrunnable.code ?? 'failed');
    const batch = await db.reconciliationBatch.findFirst({
      where: { runId: input.runId, stepId: input.from, sequence: { lt: input.sequence } },
      orderBy: { sequence: 'desc' },
    });
    if (!batch) return refused(`Step ${input.from} collected no batch in this run`, 'batch_not_found');
    if (batch.connectorId !== row.id)
      return refused(`Step ${input.from} collected its batch from another connector`, 'batch_connector_mismatch');

    // A later attempt of the step tries again the accounts an earlier one failed on.
    await db.reconciliationBatchAccount.updateMany({
      where: { batchId: batch.id, status: 'failed', attempt: { lt: input.attempt } },
      data: { status: 'pending', code: null },
    });
    const context = Context.current();
    const deadline = Date.now() + sliceMs;
    let acted = false;
    // Every call gets one account done at least, however slow the set-up before it was.
    let handled = 0;
    for (;;) {
      const pending = await db.reconciliationBatchAccount.findMany({
        where: { batchId: batch.id, status: 'pending' },
        orderBy: { position: 'asc' },
        take: PAGE,
      });
      if (pending.length === 0) break;
      for (const account of pending) {
        // A cancelled run makes no further call; what is done stays recorded.
        context.cancellationSignal.throwIfAborted();
        if (handled > 0 && Date.now() >= deadline) {
          if (acted) await invalidateCache(db, row.id, { resourceType: 'user' });
          return { success: true, done: false };
        }
        let status: BatchAccountStatus;
        let code: string | null = null;
        if (await heldByActiveUser(db, row.id, account.externalId)) {
          status = 'skipped';
          code = 'held_by_active_user';
        } else {
          const result = await executeConnectorCommand(handler, connector, {
            command: deactivation.command,
            parameters: { [deactivation.externalIdParameter]: account.externalId },
            variables: {},
            stepId: input.stepId,
            instanceId: input.runId,
            idempotencyKey: `${input.runId}:${input.stepId}:${input.sequence}:${account.position}`,
            timeoutMs: connectors.timeoutMs,
          });
          acted = true;
          // An account deleted there since the collect needs deactivating no more than an inactive one.
          if (!result.success && result.code === deactivation.missingCode) status = 'gone';
          else if (!result.success) {
            status = 'failed';
            code = result.code ?? 'failed';
          } else status = result.data?.changed === false ? 'already_inactive' : 'deactivated';
        }
        await db.reconciliationBatchAccount.update({
          where: { batchId_position: { batchId: batch.id, position: account.position } },
          data: { status, code, attempt: input.attempt, actedAt: new Date() },
        });
        handled += 1;
        context.heartbeat({ batchId: batch.id, position: account.position });
      }
    }
    if (acted) await invalidateCache(db, row.id, { resourceType: 'user' });
    return { ...(await deactivationReport(batch.id)), done: true };
  }

  async function deactivationReport(batchId: string): Promise<StepResult> {
    const [byStatus, failures] = await Promise.all([
      db.reconciliationBatchAccount.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } }),
      db.reconciliationBatchAccount.findMany({
        where: { batchId, status: 'failed' },
        orderBy: { position: 'asc' },
        take: LISTED_FAILURES,
        select: { externalId: true, displayName: true, code: true },
      }),
    ]);
    const of = (status: BatchAccountStatus) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
    const data = {
      batchId,
      count: byStatus.reduce((sum, row) => sum + row._count._all, 0),
      deactivated: of('deactivated'),
      alreadyInactive: of('already_inactive'),
      gone: of('gone'),
      skipped: of('skipped'),
      failed: of('failed'),
      failures,
    };
    if (data.failed === 0) return { success: true, data };
    return {
      success: false,
      data,
      error: `${data.failed} of ${data.count} accounts could not be deactivated`,
      code: 'accounts_failed',
    };
  }

  return {
    /**
     * Snapshots the connector's reconciliation accounts as the batch of this step visit (a retry
     * finds the batch it made) and answers its id, count and first names: never the accounts.
     */
    async collectAccounts(input: CollectAccountsInput): Promise<StepResult> {
      const refusal = await runAuthorityRefusal(
        db,
        input.runId,
        'connector:read',
        `read the reconciliation of ${input.connector}`,
      );
      if (refusal) return { success: false, error: refusal, code: STEP_FORBIDDEN_CODE };
      const row = await db.connector.findUnique({ where: { name: input.connector }, select: { id: true } });
      if (!row)
        return { success: false, error: `Connector ${input.connector} does not exist`, code: 'unknown_connector' };
      const sync = await db.syncConfig.findUnique({
        where: { connectorId_resourceType: { connectorId: row.id, resourceType: 'user' } },
        select: { id: true },
      });
      if (!sync)
        return {
          success: false,
          error: `Connector ${input.connector} has no user sync, so it has no reconciliation`,
          code: 'no_user_sync',
        };
      const summary = await collectBatch(db, {
        runId: input.runId,
        sequence: input.sequence,
        stepId: input.stepId,
        connectorId: row.id,
        lists: input.lists,
        limit: input.limit,
      });
      return { success: true, data: { connector: input.connector, ...summary } };
    },

    /**
     * Deactivates the accounts of the batch the `from` step collected, one connector command each,
     * recording each account's outcome as it goes: a retry after a worker died resumes at the first
     * account not recorded (the command is idempotent, so one done but not recorded is harmless).
     * An account held by an active Flowgate user by now is skipped. Works for one time slice per
     * call (`done: false`: call again).
     */
    deactivateAccounts,
  };
}

export type AccountReconciliationActivities = ReturnType<typeof createAccountReconciliationActivities>;
