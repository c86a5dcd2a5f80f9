import { isSensitiveKey, redact, REDACTED } from '../../audit/redact.js';
import { openSecrets, sealSecrets } from '../../connectors/secret-box.js';
import type { WorkflowVariable } from '../../domain/workflow-definition.js';
import { AppError } from '../../errors/index.js';

/**
 * Secret run variables: declared `secret: true`, or named like a credential (`newPassword`,
 * `otpSecret`: the names the audit trail and step outputs redact). Their values are sealed with
 * the connector secret key when the run starts, bound to the run, so the run row, the workflow's
 * input and every payload in Temporal's history hold only the sealed form. A sealed value is a
 * string token that survives interpolation into longer text; the connector-call activity opens
 * the tokens of its own run in the parameters it sends, and every response shows `[REDACTED]`.
 */

/** What a response shows in place of a secret value. */
export const SECRET_PLACEHOLDER = REDACTED;

const TOKEN = /\[\[sealed:(v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]*)\]\]/g;
const WHOLE_TOKEN = new RegExp(`^${TOKEN.source}$`);

export function isSecretVariable(variable: Pick<WorkflowVariable, 'name' | 'secret'>): boolean {
  return variable.secret === true || isSensitiveKey(variable.name);
}

/** The names of the secret variables among `declared`. */
export function secretVariableNames(declared: readonly Pick<WorkflowVariable, 'name' | 'secret'>[]): Set<string> {
  return new Set(declared.filter(isSecretVariable).map((variable) => variable.name));
}

/**
 * `values` with the value of every secret variable sealed for `runId` (null stays null: an
 * optional variable left out). Without a key a secret value cannot be kept out of history: 400.
 */
export function sealSecretVariables(
  declared: readonly Pick<WorkflowVariable, 'name' | 'secret'>[],
  values: Record<string, unknown>,
  runId: string,
  key: Buffer | undefined,
): Record<string, unknown> {
  const secrets = [...secretVariableNames(declared)].filter(
    (name) => values[name] !== null && values[name] !== undefined,
  );
  if (secrets.length === 0) return values;
  if (!key)
    throw new AppError(
      'validation_failed',
      `The secret variables ${secrets.join(', ')} can only be given when CONNECTOR_SECRET_KEY is set: it seals them`,
    );
  const sealed = { ...values };
  for (const name of secrets) sealed[name] = `[[sealed:${sealSecrets({ runId, value: values[name] }, key)}]]`;
  return sealed;
}

/** `value` with every sealed token, at any depth, replaced by the placeholder. */
export function concealSealed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(TOKEN, SECRET_PLACEHOLDER) as T;
  if (Array.isArray(value)) return value.map(concealSealed) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, concealSealed(inner)])) as T;
  return value;
}

/**
 * Run variables (or a task's answers) as any response shows them: sealed values and values under
 * names that look secret replaced by the placeholder, as step outputs are.
 */
export function concealVariables(variables: Record<string, unknown>): Record<string, unknown> {
  return concealRunData(variables) as Record<string, unknown>;
}

/** Any data of a run (a step's input or output) as responses show it, scrubbed as variables are. */
export function concealRunData(value: unknown): unknown {
  return redact(concealSealed(value));
}

/**
 * `value` with the sealed tokens of `runId` opened: a string that is one token becomes the value
 * itself, a token inside text becomes its text (objects as JSON). A token of another run, or one
 * the key does not open, becomes the placeholder. Also returns the texts opened, for scrubbing
 * them out of what the remote answers.
 */
export function openSealed<T>(value: T, runId: string, key: Buffer | undefined): { value: T; opened: string[] } {
  const opened: string[] = [];
  const open = (sealed: string): unknown => {
    if (!key) return SECRET_PLACEHOLDER;
    try {
      const content = openSecrets(sealed, key);
      if (content.runId !== runId) return SECRET_PLACEHOLDER;
      const text = typeof content.value === 'string' ? content.value : JSON.stringify(content.value);
      opened.push(text);
      return content.value;
    } catch {
      // Not sealed with this key (or not by this service at all): nothing to open.
      return SECRET_PLACEHOLDER;
    }
  };
  const walk = (inner: unknown): unknown => {
    if (typeof inner === 'string') {
      const whole = WHOLE_TOKEN.exec(inner);
      if (whole) return open(whole[1]!);
      return inner.replace(TOKEN, (_, sealed: string) => {
        const clear = open(sealed);
        return typeof clear === 'string' ? clear : JSON.stringify(clear);
      });
    }
    if (Array.isArray(inner)) return inner.map(walk);
    if (inner !== null && typeof inner === 'object' && !(inner instanceof Date))
      return Object.fromEntries(Object.entries(inner).map(([name, item]) => [name, walk(item)]));
    return inner;
  };
  return { value: walk(value) as T, opened };
}

/** A task row as responses show it: its answers concealed as run variables are. */
export function concealTask<T extends { result: unknown }>(task: T): T {
  return { ...task, result: task.result === null ? null : concealRunData(task.result) };
}
