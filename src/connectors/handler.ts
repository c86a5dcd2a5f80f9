/**
 * The contract between the service and every connector handler: built-in ones, the simulated
 * connectors and custom handlers loaded at worker start (spec 2.6). Errors are data: a
 * handler reports failure as `{ success: false, error }` and never throws to its caller (the
 * execution layer turns a throw into such a result anyway).
 */

import type { UrlSettingKind } from './connection-urls.js';

/** JSON Schema (draft 2020-12 subset) of a command's parameters. */
export type JsonSchema = Record<string, unknown>;

/** The record types of the record cache and the resource webhook. */
export type RecordType = 'user' | 'group' | 'role';

export interface CommandSpec {
  description: string;
  /** Running it twice with the same parameters has the effect of running it once. */
  idempotent: boolean;
  /** A list command that synchronisation may page through (spec: `syncCapable: true`). */
  syncCapable?: boolean;
  /**
   * A single-record lookup (`findUser`, `findGroup`): its successful results go through the record
   * cache during runs. `idField` names the field of `data` holding the record's external id, so a
   * webhook about that record invalidates the entry.
   */
  lookup?: { resourceType: RecordType; idField: string };
  /**
   * The record types a successful run of it may change (`disableAccount` changes a user): during
   * runs the connector's cached lookups of those types are dropped after it, so a lookup later in
   * the run sees the change.
   */
  changes?: readonly RecordType[];
  /**
   * Changes something in the remote system (an account, a membership, a row, a request that may
   * write). A run step running it acts with the authority of `connector:execute` of the person the
   * run acts as (services/runs/run-authority.ts); commands that only read leave it out.
   */
  writes?: boolean;
  parameters: JsonSchema;
}

export interface ConnectorExecuteRequest {
  config: {
    command: string;
    /** Already interpolated and validated against the command's parameter schema. */
    parameters: Record<string, unknown>;
    /** Simulated connectors only: `true` or a message makes the call fail at once (spec 2.6). */
    simulateFailure?: boolean | string;
    /** The connector's settings: its public configuration merged with its decrypted secrets. */
    connection: Record<string, unknown>;
  };
  /** The run's variables, for handlers that need more than their parameters. */
  variables: Record<string, unknown>;
  stepId: string;
  /** The run (or `test:<id>`, `sync:<id>`) this call belongs to; part of idempotency keys. */
  instanceId: string;
  /**
   * Set for calls made by a run step: the same for every retry of one step attempt (a worker
   * crash included) and different for each attempt, so a remote can apply a side effect once.
   */
  idempotencyKey?: string;
}

/** One record a list command returns (spec 2.7, sync item 4). */
export interface ListedResource {
  externalId: string;
  displayName: string;
  email: string | null;
  attributes: Record<string, unknown>;
}

export interface ListPayload {
  resources: ListedResource[];
  /** Absent on the last page. */
  nextCursor?: string;
  totalEstimate?: number;
}

export interface ConnectorResult {
  success: boolean;
  data?: Record<string, unknown>;
  /** List commands answer with a page of resources. */
  payload?: ListPayload;
  error?: string;
  /** A machine-readable error code, when the handler has one (`timeout`, `invalid_parameters`, ...). */
  code?: string;
  /** Set on a failure that trying the same call again later may not meet (the remote was busy, down or slow). */
  retryable?: boolean;
}

/** The record a Flowgate user is linked to by a connector's user sync (its sync match). */
export interface LinkedUserRecord {
  externalId: string;
  attributes: Record<string, unknown>;
}

/** A Flowgate user's profile, as connectors that create accounts map it (docs/connectors-scim.md). */
export interface FlowgateProfile {
  id: string;
  email: string | null;
  displayName: string | null;
  active: boolean;
  title: string | null;
  department: string | null;
  phoneNumber: string | null;
  location: string | null;
  employeeId: string | null;
  costCenter: string | null;
  startDate: string | null;
  /** The Flowgate user id of the user's manager. */
  managerId: string | null;
  customAttributes: Record<string, unknown>;
}

/** The account a connector created or found for a Flowgate user: its id in the remote system. */
export interface AccountLink {
  userId: string;
  remoteId: string;
  /** Its user name there, when known. */
  remoteName: string | null;
}

/**
 * A connector's account links (one per Flowgate user), so commands after the first never look an
 * account up by name again, and the profiles of the users they are for.
 */
export interface ConnectorAccounts {
  /**
   * The profile of a Flowgate user and their link to this connector, in one look-up; undefined
   * when no user (deleted ones included) has that id.
   */
  account(userId: string): Promise<{ profile: FlowgateProfile; link?: AccountLink } | undefined>;
  link(userId: string): Promise<AccountLink | undefined>;
  /** The links of those of `userIds` that have one, in one look-up (many members of a group). */
  links(userIds: readonly string[]): Promise<AccountLink[]>;
  /** Creates or replaces the user's link. */
  saveLink(link: AccountLink): Promise<void>;
  removeLink(userId: string): Promise<void>;
}

export interface ExecutionContext {
  /** Aborted when the call's time is up; handlers doing I/O must pass it on. */
  signal: AbortSignal;
  /**
   * Finds the record of this connector that the Flowgate user `userId` is linked to by a sync
   * match (`matched` or `manual_override`), or undefined when there is none; so a command can name
   * a person by their Flowgate id. Absent where the call has no connector record behind it.
   */
  linkedUserRecord?(userId: string): Promise<LinkedUserRecord | undefined>;
  /** This connector's account links and the profiles they map; absent like `linkedUserRecord`. */
  accounts?: ConnectorAccounts;
}

/**
 * Command names of a handler's account lifecycle. `create` and `update` take `{ userId }` (the
 * Flowgate user id); `create` answers `data.created: true` when it made a new account, and `update`
 * brings an existing one in line with the profile (active again included). `deactivate` and
 * `delete` take `{ user }`, the Flowgate user id.
 */
export interface AccountCommands {
  create: string;
  update: string;
  deactivate: string;
  delete: string;
}

export interface SettingsSpec {
  /** JSON Schema of the settings, as the handler checks them at each call. */
  schema: JsonSchema;
  /** The settings that are secret: set through a connector's `secrets`, never returned. */
  secrets: readonly string[];
}

export interface AccountDeactivation {
  command: string;
  externalIdParameter: string;
  /** The error code the command answers for an account that does not exist (deleted meanwhile). */
  missingCode: string;
}

export interface ConnectorHandler {
  /** The handler name: a connector's `type` selects it. */
  readonly name: string;
  readonly version: string;
  readonly description: string;
  /** Command run by `POST /api/connectors/:id/test`, and when a step names no command. */
  readonly defaultCommand: string;
  readonly commands: Readonly<Record<string, CommandSpec>>;
  /**
   * The connection settings that name where the handler connects, by how it reads them: checked
   * and stored in the URL parser's form when a connector is saved (docs/connectors.md).
   */
  readonly urlSettings?: Readonly<Record<string, UrlSettingKind>>;
  /**
   * The settings a connector of this handler takes (its config and secrets together), so the
   * console can offer a form and `GET /api/connectors/handlers` can say which belong in `secrets`.
   */
  readonly settings?: SettingsSpec;
  /**
   * For handlers that keep one account per Flowgate user in the target: the commands entitlement
   * calls use to create that account before a provision, and to retire it once the user holds no
   * entitlement of the connector any more (docs/connectors-scim.md, "Entitlements").
   */
  readonly accountCommands?: AccountCommands;
  /**
   * How to deactivate an account named only by the externalId of its sync record (an orphan has
   * no Flowgate user to name it by): the command, idempotent and answering `data.changed`, and its
   * parameter that takes the externalId. The `account_reconciliation` step's deactivate needs it.
   */
  readonly accountDeactivation?: AccountDeactivation;
  /**
   * What is risky in a connector's public settings (certificate checks switched off, say): shown
   * on the connector as `warnings`, so nobody has to run a command to learn it.
   */
  configWarnings?(config: Record<string, unknown>): string[];
  /**
   * What makes a connector's public settings unusable (a value outside the ones a setting takes):
   * refused when the connector is saved or imported, as a 400 naming `field` (`config.<setting>`),
   * rather than failing the first call that reads it.
   */
  configProblem?(config: Record<string, unknown>): { field: string; message: string } | undefined;
  execute(request: ConnectorExecuteRequest, context: ExecutionContext): Promise<ConnectorResult>;
  /** Releases what the handler keeps open between calls (pooled connections), at shutdown. */
  close?(): Promise<void>;
}

export const LIST_COMMANDS = { user: 'listUsers', group: 'listGroups', role: 'listRoles' } as const;
export const DEFAULT_LIST_PAGE_SIZE = 500;

/** The error result of a `simulateFailure` setting, or undefined when the call should run (spec 2.6). */
export function simulatedFailure(
  connectorName: string,
  setting: boolean | string | undefined,
): ConnectorResult | undefined {
  if (setting === true)
    return { success: false, error: `Simulated failure (${connectorName} connector)`, code: 'simulated_failure' };
  if (typeof setting === 'string' && setting !== '')
    return { success: false, error: setting, code: 'simulated_failure' };
  return undefined;
}
