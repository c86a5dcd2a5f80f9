import type { z } from 'zod';
import type { CommandSpec, ConnectorResult, JsonSchema } from '../../handler.js';
import { jsonSchemaOf, parseParameters } from '../command-parameters.js';
import type { KeycloakRealm } from './keycloak-client.js';

/** One command of the idp-admin handler: its published spec, and its run on parsed parameters. */
export interface IdpAdminCommand {
  readonly spec: CommandSpec;
  execute(realm: KeycloakRealm, parameters: unknown): Promise<ConnectorResult>;
}

/**
 * A command whose parameters are defined once, by `parameters`: they are parsed with it before
 * `run`, and its JSON Schema is what the spec publishes unless `publishedParameters` (a contract
 * schema the command narrows) is given.
 */
export function defineCommand<S extends z.ZodType>(definition: {
  description: string;
  idempotent: boolean;
  writes?: boolean;
  syncCapable?: boolean;
  parameters: S;
  publishedParameters?: JsonSchema;
  run(realm: KeycloakRealm, parameters: z.output<S>): Promise<ConnectorResult>;
}): IdpAdminCommand {
  const { parameters, publishedParameters, run, ...spec } = definition;
  return {
    spec: { ...spec, parameters: publishedParameters ?? jsonSchemaOf(parameters) },
    async execute(realm, raw) {
      const parsed = parseParameters(parameters, raw, realm.secrets);
      return parsed.ok ? run(realm, parsed.value) : parsed.result;
    },
  };
}
