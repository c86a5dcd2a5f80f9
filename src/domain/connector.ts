import { z } from 'zod';
import { parameterSchemaProblem } from './parameter-schema.js';

/** The commands a connector declares (spec 2.7); extra keys are kept for handlers that use them. */
export const commandDeclarationSchema = z
  .object({
    description: z.string().optional(),
    parameters: z
      .record(z.string(), z.unknown())
      .superRefine((schema, ctx) => {
        const problem = parameterSchemaProblem(schema);
        if (problem) ctx.addIssue({ code: 'custom', message: `must be a JSON Schema: ${problem}` });
      })
      .optional()
      .describe('JSON Schema of the parameters'),
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
