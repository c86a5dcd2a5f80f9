import type { Client } from 'ldapts';
import type { z } from 'zod';
import type { CommandSpec, ConnectorResult, JsonSchema, LinkedUserRecord } from '../../handler.js';
import { jsonSchemaOf, parseParameters } from '../command-parameters.js';
import type { ListingSessions } from './listing.js';
import type { LdapSettings } from './settings.js';

/** What a command of the ldap handler works with during one call. */
export interface LdapCall {
  readonly settings: LdapSettings;
  /** The bind password and any password a command sets, kept out of every message. */
  readonly secrets: string[];
  /** Runs `work` on a pooled bound connection (a fresh one once if the pooled one was closed). */
  withClient<T>(work: (client: Client) => Promise<T>): Promise<T>;
  /** Opens a bound connection of the caller's own (list passes keep theirs). */
  open(): Promise<Client>;
  /** Opens a connection with other settings (another bind DN), through the same guard. */
  openAs(settings: LdapSettings): Promise<Client>;
  readonly listings: ListingSessions;
  /** The record the Flowgate user is linked to on this connector, when the caller can tell. */
  linkedUserRecord?(userId: string): Promise<LinkedUserRecord | undefined>;
}

/** One command of the ldap handler: its published spec, and its run on parsed parameters. */
export interface LdapCommand {
  readonly spec: CommandSpec;
  execute(call: LdapCall, parameters: unknown): Promise<ConnectorResult>;
}

/**
 * A command whose parameters are defined once, by `parameters`: parsed with it before `run`, and
 * published as its JSON Schema unless `publishedParameters` (a contract schema it narrows) is given.
 */
export function defineCommand<S extends z.ZodType>(definition: {
  description: string;
  idempotent: boolean;
  writes?: boolean;
  syncCapable?: boolean;
  changes?: CommandSpec['changes'];
  lookup?: CommandSpec['lookup'];
  parameters: S;
  publishedParameters?: JsonSchema;
  run(call: LdapCall, parameters: z.output<S>): Promise<ConnectorResult>;
}): LdapCommand {
  const { parameters, publishedParameters, run, ...spec } = definition;
  return {
    spec: { ...spec, parameters: publishedParameters ?? jsonSchemaOf(parameters) },
    async execute(call, raw) {
      const parsed = parseParameters(parameters, raw, call.secrets);
      return parsed.ok ? run(call, parsed.value) : parsed.result;
    },
  };
}
