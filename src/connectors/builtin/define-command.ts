import type { z } from 'zod';
import type { CommandSpec, ConnectorResult, JsonSchema } from '../handler.js';
import { jsonSchemaOf, parseParameters } from './command-parameters.js';

/**
 * One command of a built-in handler: its published spec, and its run on parsed parameters. `C` is
 * what the handler passes each command during a call (a realm, a session, an LDAP call).
 */
export interface BuiltinCommand<C> {
  readonly spec: CommandSpec;
  execute(call: C, parameters: unknown): Promise<ConnectorResult>;
}

/** A command's spec without its parameters, plus the zod schema they are defined by and its run. */
export type CommandDefinition<C, S extends z.ZodType> = Omit<CommandSpec, 'parameters'> & {
  parameters: S;
  /** A contract schema the command narrows, published instead of `parameters`' JSON Schema. */
  publishedParameters?: JsonSchema;
  run(call: C, parameters: z.output<S>): Promise<ConnectorResult>;
};

/**
 * A command whose parameters are defined once, by `parameters`: parsed with it before `run` (secrets
 * kept out of the messages) and published as its JSON Schema unless `publishedParameters` is given.
 */
export function buildCommand<C extends { readonly secrets: readonly string[] }, S extends z.ZodType>(
  definition: CommandDefinition<C, S>,
): BuiltinCommand<C> {
  const { parameters, publishedParameters, run, ...spec } = definition;
  return {
    spec: { ...spec, parameters: publishedParameters ?? jsonSchemaOf(parameters) },
    async execute(call, raw) {
      const parsed = parseParameters(parameters, raw, call.secrets);
      return parsed.ok ? run(call, parsed.value) : parsed.result;
    },
  };
}

/** The `defineCommand` of a handler whose commands work with `C` (so `run` needs no annotation). */
export function commandDefiner<C extends { readonly secrets: readonly string[] }>() {
  return <S extends z.ZodType>(definition: CommandDefinition<C, S>): BuiltinCommand<C> => buildCommand(definition);
}
