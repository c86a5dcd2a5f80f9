import { z } from 'zod';
import { parameterSchemaProblem } from './parameter-schema.js';

/** The commands a connector declares (spec 2.7); extra keys are kept for handlers that use them. */
export const commandDeclarationSchema = z
  .object({
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional().describe('JSON Schema of the parameters'),
    idempotent: z.boolean().optional(),
    syncCapable: z.boolean().optional(),
  })
  .passthrough();

/**
 * A connector's name: 1-100 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
 * Checked as sent, not trimmed first: a padded name does not match the documented pattern.
 */
export const connectorNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/,
    'name must be 1-100 letters, digits, ., _ or -, starting with a letter or digit',
  );

export const configSchemaSchema = z
  .object({ commands: z.record(z.string(), commandDeclarationSchema) })
  .passthrough()
  .meta({ id: 'ConnectorConfigSchema' });

export type ConnectorConfigSchema = z.output<typeof configSchemaSchema>;

/**
 * A config schema as a client sends it: each command's `parameters` must be a JSON Schema ajv
 * can use (400 otherwise). Stored rows are read with the lenient `configSchemaSchema`, so a row
 * written before this check still reads; its calls fail with `invalid_parameters`.
 */
export const configSchemaInputSchema = configSchemaSchema.superRefine((configSchema, ctx) => {
  for (const [command, declaration] of Object.entries(configSchema.commands)) {
    const problem = declaration.parameters && parameterSchemaProblem(declaration.parameters);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['commands', command, 'parameters'],
        message: `must be a JSON Schema: ${problem}`,
      });
  }
});
