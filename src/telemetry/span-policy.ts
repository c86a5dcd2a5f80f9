import type { Attributes, AttributeValue } from '@opentelemetry/api';

/**
 * What a span may carry out of the process: identifiers, never values. Instrumentations record
 * more than that (full URLs with their query strings, raw request paths that can hold an email
 * address, error messages quoting a remote system, the whole WorkflowInfo the Temporal sink adds),
 * and no option of theirs removes an attribute once set, so every span is reduced to this list
 * when it ends, before any exporter sees it (docs/observability.md, "Traces").
 */

/** Attributes kept as they are: their values are methods, codes, hosts, ports, types and statements. */
const KEPT = new Set([
  // HTTP, both the semantic conventions http/undici 0.57 emit. `http.route` is a template.
  'http.method',
  'http.request.method',
  'http.status_code',
  'http.response.status_code',
  'http.route',
  'http.scheme',
  'url.scheme',
  'http.flavor',
  'network.protocol.version',
  'net.peer.name',
  'net.peer.port',
  'server.address',
  'server.port',
  'error.type',
  // pg: the statement is parameterized (values travel apart and enhancedDatabaseReporting is off).
  'db.system',
  'db.name',
  'db.operation',
  'db.statement',
  // Temporal: what its interceptors set, and the WorkflowInfo fields that identify a workflow.
  'temporalWorkflowId',
  'temporalActivityId',
  'temporalUpdateId',
  'run_id',
  'workflowId',
  'runId',
  'workflowType',
  'taskQueue',
  'namespace',
  'attempt',
  // LDAP operations (src/connectors/builtin/ldap/traced-client.ts): the operation's name.
  'ldap.operation',
  // Events of a failed span: the error's class, not its message.
  'exception.type',
]);

/** Prefix of the service's own attributes; their values must look like identifiers. */
export const FLOWGATE_PREFIX = 'flowgate.';

// Ids, names of commands and resource types, numbers: no spaces, no `@`, nothing that reads as prose.
const IDENTIFIER = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether `value` may be a flowgate.* attribute: a short identifier or a number. */
export function isIdentifierValue(value: unknown): value is string | number {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && IDENTIFIER.test(value));
}

function keptValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  if (value === undefined) return undefined;
  if (key.startsWith(FLOWGATE_PREFIX)) return isIdentifierValue(value) ? value : undefined;
  if (!KEPT.has(key)) return undefined;
  // A kept key holding anything but a scalar (the sink's WorkflowInfo nests objects) is dropped.
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** `attributes` reduced to the keys and values spans may carry. */
export function sanitizeAttributes(attributes: Attributes | undefined): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    const allowed = keptValue(key, value);
    if (allowed !== undefined) kept[key] = allowed;
  }
  return kept;
}
