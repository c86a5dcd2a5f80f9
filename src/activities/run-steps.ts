import { z } from 'zod';
import { redact } from '../audit/index.js';
import { commandRefusal, executeConnectorCommand } from '../connectors/execute-command.js';
import type { ConnectorResult } from '../connectors/handler.js';
import type { ConnectorRuntime } from '../connectors/runtime.js';
import { jsonColumn, type Database } from '../db/client.js';
import { MAX_STEP_PAYLOAD_BYTES, PAYLOAD_TOO_LARGE_CODE } from '../domain/run.js';
import { INTERNAL_ERROR_CODE, isAppError } from '../errors/index.js';
import { createLogger, type Logger } from '../logging/logger.js';
import type { Mailer } from '../notifications/mailer.js';
import { emailTemplateContext, renderEmailTemplate } from '../notifications/render-email.js';
import { secretScrubber } from '../connectors/secret-scrubber.js';
import { runnableConnector } from '../services/connectors/connector-record.js';
import { concealSealed, openSealed } from '../services/runs/secret-variables.js';
import { isRoleChangeInProgress } from '../services/access/role-change-claim.js';
import { grantRole, revokeRole } from '../services/access/role-grants.js';
import { runAuthorityRefusal, STEP_FORBIDDEN_CODE } from '../services/runs/run-authority.js';
import { cachedLookup, invalidateCache } from '../services/sync/record-cache.js';
import { activityCancellation } from './heartbeat.js';
import { stepFailure } from './step-failure.js';
import { storeStepNotification } from './store-notification.js';

export interface ConnectorStepInput {
  runId: string;
  sequence: number;
  attempt: number;
  stepId: string;
  connector: string;
  command: string;
  parameters: Record<string, unknown>;
  simulateFailure?: boolean | string;
  variables: Record<string, unknown>;
}

const stepResultSchema = z.object({
  success: z.boolean(),
  data: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
  code: z.string().optional(),
  reference: z.string().optional(),
});
const recordedOutput = z.object({ response: stepResultSchema }).nullable().catch(null);

export type StepResult = z.output<typeof stepResultSchema>;

/**
 * The idempotency key of one attempt of one step execution (`sequence` tells apart the visits of
 * a step in a loop): every retry of the activity, on this worker or another after a crash, sends
 * the same key, and the step's next attempt sends a new one.
 */
export function stepIdempotencyKey(input: Pick<ConnectorStepInput, 'runId' | 'stepId' | 'sequence' | 'attempt'>) {
  return `${input.runId}:${input.stepId}:${input.sequence}:${input.attempt}`;
}

/**
 * `result`, or a failure in its place when it weighs more than a step may pass on to the workflow
 * (MAX_STEP_PAYLOAD_BYTES): Temporal would refuse it and the activity would fail at every retry.
 */
function resultWithinPayloadLimit(input: ConnectorStepInput, result: StepResult): StepResult {
  const bytes = Buffer.byteLength(JSON.stringify(result));
  if (bytes <= MAX_STEP_PAYLOAD_BYTES) return result;
  return {
    success: false,
    error: `The answer of ${input.connector}.${input.command} is ${bytes} bytes, over the ${MAX_STEP_PAYLOAD_BYTES} a step may pass on (Temporal refuses larger payloads): ask the remote for less`,
    code: PAYLOAD_TOO_LARGE_CODE,
  };
}

/**
 * Subject and HTML of a notification email from the template the step names, else from the
 * default template; nothing when the step names none and there is no default.
 */
async function templatedEmail(
  db: Database,
  input: {
    template?: string;
    subject?: string;
    message: string;
    workflowName: string;
    variables?: Record<string, unknown>;
  },
  failure: (error: unknown, code: string) => StepResult,
): Promise<{ rendered?: { subject: string; html: string } } | { failure: StepResult }> {
  const template = input.template
    ? await db.emailTemplate.findUnique({ where: { name: input.template } })
    : await db.emailTemplate.findFirst({ where: { isDefault: true } });
  if (!template) {
    if (!input.template) return {};
    return {
      failure: { success: false, error: `Email template "${input.template}" does not exist`, code: 'unknown_template' },
    };
  }
  try {
    return { rendered: renderEmailTemplate(template, emailTemplateContext(input)) };
  } catch (error) {
    return { failure: failure(error, 'template_failed') };
  }
}

/** The activities that do a step's work: connector calls, notifications and role changes. */
export function createRunStepActivities(deps: {
  db: Database;
  connectors: ConnectorRuntime;
  mailer?: Mailer;
  /** Where internal errors of steps go, under the reference their step shows (stdout by default). */
  logger?: Logger;
}) {
  const { db, connectors, mailer } = deps;
  const logger = deps.logger ?? createLogger('info');

  /**
   * Why the run may not run this command, when the connector declares it a write: it acts with
   * the authority (`connector:execute`) of the person the run acts as.
   */
  async function writeRefusal(type: string, input: ConnectorStepInput): Promise<string | undefined> {
    if (!connectors.registry.get(type)?.handler.commands[input.command]?.writes) return undefined;
    const neededTo = `run ${input.connector}.${input.command}, which writes to the remote system`;
    return runAuthorityRefusal(db, input.runId, 'connector:execute', neededTo);
  }

  async function connectorStep(input: ConnectorStepInput): Promise<StepResult> {
    const key = { runId_sequence_attempt: { runId: input.runId, sequence: input.sequence, attempt: input.attempt } };
    const recorded = await db.runStep.findUnique({ where: key, select: { output: true } });
    const previous = recordedOutput.parse(recorded?.output ?? null);
    if (previous) return previous.response;

    // Secret variables reach this activity sealed; they are opened for the call only, and what the
    // remote answers is scrubbed of them before it is stored or handed back to the workflow.
    const parameters = openSealed(input.parameters, input.runId, connectors.secretKey);
    const variables = openSealed(input.variables, input.runId, connectors.secretKey);
    const row = await db.connector.findUnique({ where: { name: input.connector } });
    const refusal = row ? await writeRefusal(row.type, input) : undefined;
    let result: ConnectorResult;
    let reference: string | undefined;
    if (!row) {
      result = { success: false, error: `Connector ${input.connector} does not exist`, code: 'unknown_connector' };
    } else if (refusal) {
      result = { success: false, error: refusal, code: STEP_FORBIDDEN_CODE };
    } else {
      const handler = connectors.registry.get(row.type)?.handler;
      try {
        const connector = runnableConnector(db, row, connectors);
        const call = () =>
          executeConnectorCommand(handler, connector, {
            command: input.command,
            parameters: parameters.value,
            simulateFailure: input.simulateFailure,
            variables: variables.value,
            stepId: input.stepId,
            instanceId: input.runId,
            idempotencyKey: stepIdempotencyKey(input),
            timeoutMs: connectors.timeoutMs,
            signal: activityCancellation(),
          });
        // Single-record lookups go through the record cache (sync item 3); a simulated failure never
        // does, nor a call the connector would refuse (disabled, or the command not declared).
        const answerable = !commandRefusal(handler, connector, input.command);
        const lookup = input.simulateFailure || !answerable ? undefined : handler?.commands[input.command]?.lookup;
        result = lookup
          ? (
              await cachedLookup(
                db,
                {
                  connectorId: row.id,
                  resourceType: lookup.resourceType,
                  parameters: input.parameters,
                  idField: lookup.idField,
                },
                call,
                { ttlMs: connectors.recordCacheTtlMs, now: new Date() },
              )
            ).result
          : await call();
      } catch (error) {
        const failed = stepFailure(logger, error, 'connector_unavailable', {
          runId: input.runId,
          stepId: input.stepId,
        });
        ({ reference } = failed);
        result = failed;
      }
      // What the command changed must not be answered from the cache by a lookup after it.
      const changed = result.success ? (handler?.commands[input.command]?.changes ?? []) : [];
      for (const resourceType of changed) await invalidateCache(db, row.id, { resourceType });
    }
    result = secretScrubber([...parameters.opened, ...variables.opened]).result(result);
    const stepResult = resultWithinPayloadLimit(input, {
      success: result.success,
      ...(result.data ? { data: result.data } : result.payload ? { data: { ...result.payload } } : {}),
      ...(result.error ? { error: result.error } : {}),
      ...(result.code ? { code: result.code } : {}),
      ...(reference ? { reference } : {}),
    });
    const request = { connector: input.connector, command: input.command, parameters: concealSealed(input.parameters) };
    await db.runStep.update({ where: key, data: { output: jsonColumn(redact({ request, response: stepResult })) } });
    return stepResult;
  }

  return {
    /**
     * Runs a connector command once per run, step execution and attempt: the request and the
     * result are stored (sanitized) on the step row, and an activity retried after a crash
     * returns the stored result instead of calling the external system again.
     */
    runConnectorStep(input: ConnectorStepInput): Promise<StepResult> {
      return connectorStep(input);
    },

    /**
     * Stores an in-app notification for the recipient (user id, email or role), once per step
     * execution, and emails it when SMTP is configured: rendered with the email template named
     * `template`, else the default template, else the built-in layout. The email is sent at least
     * once: a retry after a crash between sending and recording it may send it again.
     */
    async sendNotification(input: {
      runId: string;
      sequence: number;
      recipient: string;
      subject?: string;
      message: string;
      workflowName: string;
      template?: string;
      /** What the template sees besides subject, message and workflowName: the run's variables. */
      variables?: Record<string, unknown>;
    }): Promise<StepResult> {
      // A notification is read by people: secret variables show as the placeholder, never opened.
      input = concealSealed(input);
      const key = { runId: input.runId, sequence: input.sequence, recipient: input.recipient };
      const audience = await storeStepNotification(db, {
        ...key,
        subject: input.subject ?? null,
        message: input.message,
      });
      if (!audience)
        return { success: false, error: `Unknown recipient ${input.recipient}`, code: 'unknown_recipient' };
      if (!mailer) return { success: true };
      const notification = await db.notification.findUniqueOrThrow({ where: { runId_sequence_recipient: key } });
      if (notification.emailedAt) return { success: true };
      const recipients = await db.user.findMany({
        where: {
          deletedAt: null,
          active: true,
          email: { not: null },
          ...('userId' in audience ? { id: audience.userId } : { roles: { has: audience.role } }),
        },
        select: { email: true },
      });
      const to = recipients.map((user) => user.email!).filter(Boolean);
      if (to.length === 0) return { success: true, data: { emailed: 0 } };
      const failure = (error: unknown, code: string) =>
        stepFailure(logger, error, code, { runId: input.runId, sequence: input.sequence });
      const templated = await templatedEmail(db, input, failure);
      if ('failure' in templated) return templated.failure;
      const email = {
        to,
        subject: input.subject ?? `${input.workflowName}: notification`,
        message: input.message,
        workflowName: input.workflowName,
      };
      try {
        await mailer.send({ ...email, ...templated.rendered });
      } catch (error) {
        return failure(error, 'email_failed');
      }
      await db.notification.update({ where: { id: notification.id }, data: { emailedAt: new Date() } });
      return { success: true, data: { emailed: to.length } };
    },

    /** role_grant and role_revoke steps, through the business-role service. */
    async changeRole(input: {
      runId: string;
      action: 'grant' | 'revoke';
      subject: string;
      role: string;
      onDuplicate: 'skip' | 'error';
    }): Promise<StepResult> {
      const neededTo = `${input.action} the business role ${input.role}`;
      const refusal = await runAuthorityRefusal(db, input.runId, 'role:manage', neededTo);
      if (refusal) return { success: false, error: refusal, code: STEP_FORBIDDEN_CODE };
      try {
        const request = {
          userId: input.subject,
          role: { name: input.role },
          actor: { type: 'system' as const },
          sourceRunId: input.runId,
        };
        const outcome =
          input.action === 'grant'
            ? await grantRole(db, connectors, { ...request, onDuplicate: input.onDuplicate })
            : await revokeRole(db, connectors, request);
        const failed = outcome.status === 'failed';
        return {
          success: !failed,
          data: { status: outcome.status, results: outcome.results },
          ...(failed ? { error: `Could not ${input.action} ${input.role}`, code: 'provisioning_failed' } : {}),
        };
      } catch (error) {
        // Another change of the subject's roles is under way: Temporal retries the step after it.
        if (isRoleChangeInProgress(error)) throw error;
        const code = isAppError(error) ? error.code : INTERNAL_ERROR_CODE;
        return stepFailure(logger, error, code, { runId: input.runId, action: input.action, role: input.role });
      }
    },
  };
}

export type RunStepActivities = ReturnType<typeof createRunStepActivities>;
