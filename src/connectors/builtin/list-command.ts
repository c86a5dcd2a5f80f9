import { z } from 'zod';
import { ConnectorError } from '../connector-error.js';
import type { ConnectorResult } from '../handler.js';
import { LIST_COMMAND_PARAMETERS } from '../list-command-parameters.js';
import { type BuiltinCommand, buildCommand } from './define-command.js';

/**
 * A list command of a built-in handler: `parameters` narrow the contract's list parameters, which
 * are what the spec publishes, and synchronisation may page through it.
 */
export function defineListCommand<C extends { readonly secrets: readonly string[] }, S extends z.ZodType>(
  description: string,
  parameters: S,
  run: (call: C, parameters: z.output<S>) => Promise<ConnectorResult>,
): BuiltinCommand<C> {
  return buildCommand<C, S>({
    description,
    idempotent: true,
    syncCapable: true,
    parameters,
    publishedParameters: LIST_COMMAND_PARAMETERS,
    run,
  });
}

/**
 * A list cursor holding one position under `key` (base64url JSON, so callers treat it as opaque);
 * no cursor means the first page, at `start`.
 */
export function positionCursor(key: string, start: number) {
  const schema = z.object({ [key]: z.number().int().min(start) }).strict();
  return {
    encode(position: number): string {
      return Buffer.from(JSON.stringify({ [key]: position })).toString('base64url');
    },
    decode(cursor: string | undefined): number {
      if (cursor === undefined) return start;
      try {
        const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
        if (parsed.success) return parsed.data[key]!;
      } catch {
        // Falls through to the failure below.
      }
      throw new ConnectorError('invalid_parameters', 'cursor is not one this connector returned');
    },
  };
}
