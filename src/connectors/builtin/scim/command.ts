import type { z } from 'zod';
import type { CommandSpec, ConnectorResult, JsonSchema } from '../../handler.js';
import { jsonSchemaOf, parseParameters } from '../command-parameters.js';
import type { Capabilities } from './capabilities.js';
import type { ScimTarget } from './scim-client.js';

/** What a command works with: the target, its capabilities and the connector's user mapping. */
export interface ScimSession extends ScimTarget {
  /** Read from the target on first use and cached; `refresh` reads them again. */
  capabilities(options?: { refresh?: boolean }): Promise<Capabilities>;
  /** SCIM attribute path → profile source: the defaults with the connector's `mapping` over them. */
  readonly mapping: Map<string, string>;
}

/** One command of the scim handler: its published spec, and its run on parsed parameters. */
export interface ScimCommand {
  readonly spec: CommandSpec;
  execute(session: ScimSession, parameters: unknown): Promise<ConnectorResult>;
}

/**
 * A command whose parameters are defined once, by `parameters`: they are parsed with it before
 * `run`, and its JSON Schema is what the spec publishes unless `publishedParameters` is given.
 */
export function defineCommand<S extends z.ZodType>(definition: {
  description: string;
  idempotent: boolean;
  writes?: boolean;
  syncCapable?: boolean;
  parameters: S;
  publishedParameters?: JsonSchema;
  run(session: ScimSession, parameters: z.output<S>): Promise<ConnectorResult>;
}): ScimCommand {
  const { parameters, publishedParameters, run, ...spec } = definition;
  return {
    spec: { ...spec, parameters: publishedParameters ?? jsonSchemaOf(parameters) },
    async execute(session, raw) {
      const parsed = parseParameters(parameters, raw, session.secrets);
      return parsed.ok ? run(session, parsed.value) : parsed.result;
    },
  };
}
