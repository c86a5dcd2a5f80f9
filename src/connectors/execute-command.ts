import { storableValue } from '../domain/storable-text.js';
import type {
  ConnectorAccounts,
  ConnectorHandler,
  ConnectorResult,
  ExecutionContext,
  JsonSchema,
  LinkedUserRecord,
} from './handler.js';
import { parameterProblems } from '../domain/parameter-schema.js';
import { secretScrubber } from './secret-scrubber.js';
import { recordConnectorCall } from '../metrics/operation-metrics.js';

/** What the execution layer needs to know of a connector record. */
export interface RunnableConnector {
  name: string;
  enabled: boolean;
  /** The commands the connector declares (its configSchema.commands), with parameter schemas. */
  commands: Readonly<Record<string, { parameters?: JsonSchema }>>;
  /** Public configuration merged with decrypted secrets. */
  connection: Record<string, unknown>;
  /** The texts of its secret settings (`secretTextsOf`), scrubbed from every result. */
  secrets: readonly string[];
  /**
   * The record of this connector a Flowgate user is linked to by a sync match: handed to the
   * handler as `ExecutionContext.linkedUserRecord`. Set for every connector record; absent for a
   * handler called with no record behind it.
   */
  linkedUserRecord?: (userId: string) => Promise<LinkedUserRecord | undefined>;
  /** Its account links, for handlers that keep them (`ExecutionContext.accounts`). */
  accounts?: ConnectorAccounts;
}

export interface CommandCall {
  command: string;
  parameters: Record<string, unknown>;
  simulateFailure?: boolean | string;
  variables: Record<string, unknown>;
  stepId: string;
  instanceId: string;
  idempotencyKey?: string;
  timeoutMs: number;
  /** The caller no longer wants the call (a cancelled run's activity): it stops as on a timeout. */
  signal?: AbortSignal;
}

/**
 * Why the connector would not run `command` at all (disabled, no handler, a command it does not
 * declare or its handler does not implement), or undefined when it would. Own keys only, so a
 * command named like an object's built-in (`constructor`) is unknown too.
 */
export function commandRefusal(
  handler: ConnectorHandler | undefined,
  connector: RunnableConnector,
  command: string,
): ConnectorResult | undefined {
  if (!connector.enabled)
    return { success: false, error: `Connector ${connector.name} is disabled`, code: 'connector_disabled' };
  if (!handler) return { success: false, error: `No handler for connector ${connector.name}`, code: 'handler_missing' };
  if (!Object.hasOwn(connector.commands, command) || !Object.hasOwn(handler.commands, command))
    return {
      success: false,
      error: `Connector ${connector.name} has no command "${command}"`,
      code: 'unknown_command',
    };
  return undefined;
}

/**
 * Runs one connector command: checks the connector and command, validates the parameters against
 * the command's schema, and calls the handler under a timeout. Every outcome is a result, with
 * the connector's secrets scrubbed from it whatever the handler or the remote answered, and text
 * PostgreSQL cannot store replaced (`storableValue`); this never throws. It has no HTTP or Koa
 * dependencies, so workflow activities call it directly.
 */
export async function executeConnectorCommand(
  handler: ConnectorHandler | undefined,
  connector: RunnableConnector,
  call: CommandCall,
): Promise<ConnectorResult & { latencyMs: number }> {
  const started = performance.now();
  const scrubber = secretScrubber(connector.secrets);
  // Stored as jsonb by whoever called (a step's output, the record cache), so made storable here.
  const finish = (result: ConnectorResult) => {
    const latencyMs = Math.round(performance.now() - started);
    const { success, code } = result;
    recordConnectorCall({ connector: connector.name, command: call.command, success, code, latencyMs });
    return { ...storableValue(scrubber.result(result)), latencyMs };
  };

  const refusal = commandRefusal(handler, connector, call.command);
  // `!handler` only tells the compiler what commandRefusal checked already.
  if (refusal || !handler) return finish(refusal!);
  const declared = connector.commands[call.command]!;
  const implemented = handler.commands[call.command]!;
  const parameters = structuredClone(call.parameters);
  const problems = parameterProblems(declared.parameters ?? implemented.parameters, parameters);
  if (problems)
    return finish({
      success: false,
      error: `Invalid parameters for ${call.command}: ${problems}`,
      code: 'invalid_parameters',
    });

  const controller = new AbortController();
  // The first reason to stop the call (its time is up, a lookup it needed failed) is its outcome,
  // whatever the handler answers once it notices the abort.
  let stoppedWith: ConnectorResult | undefined;
  const stopped = new Promise<ConnectorResult>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(stoppedWith!)),
  );
  const stop = (result: ConnectorResult) => {
    if (controller.signal.aborted) return;
    stoppedWith = result;
    controller.abort();
  };
  const timer = setTimeout(
    () =>
      stop({
        success: false,
        error: `${connector.name}.${call.command} timed out after ${call.timeoutMs} ms`,
        code: 'timeout',
      }),
    call.timeoutMs,
  );
  // No request, and no retry after a 429, starts once the caller has given the call up.
  const cancellation: ConnectorResult = {
    success: false,
    error: `${connector.name}.${call.command} was cancelled`,
    code: 'cancelled',
  };
  if (call.signal?.aborted) {
    clearTimeout(timer);
    return finish(cancellation);
  }
  const cancelled = () => stop(cancellation);
  call.signal?.addEventListener('abort', cancelled, { once: true });
  const context: ExecutionContext = {
    signal: controller.signal,
    ...(connector.accounts ? { accounts: connector.accounts } : {}),
  };
  const lookup = connector.linkedUserRecord;
  if (lookup)
    // A failed lookup is never the handler's to handle: the call stops as on a timeout (its signal
    // aborted; the lookup rejects with the abort, as the handler's other I/O does) and its outcome
    // is this failure. Resolving to undefined instead would read as "not linked" and could make a
    // handler create the person anew.
    context.linkedUserRecord = async (userId) => {
      try {
        return await lookup(userId);
      } catch {
        stop({
          success: false,
          error: `${connector.name}.${call.command} could not read the sync match of user ${userId} (the database failed)`,
          code: 'linked_record_unavailable',
        });
        throw controller.signal.reason;
      }
    };
  try {
    const outcome = handler.execute(
      {
        config: {
          command: call.command,
          parameters,
          simulateFailure: call.simulateFailure,
          connection: connector.connection,
        },
        variables: call.variables,
        stepId: call.stepId,
        instanceId: call.instanceId,
        ...(call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : {}),
      },
      context,
    );
    return finish(await Promise.race([outcome, stopped]));
  } catch (error) {
    return finish({
      success: false,
      error: `${connector.name}.${call.command} failed: ${error instanceof Error ? error.message : String(error)}`,
      code: 'handler_error',
    });
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', cancelled);
  }
}
