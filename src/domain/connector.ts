import { z } from 'zod';

/** The commands a connector declares (spec 2.7); extra keys are kept for handlers that use them. */
export const commandDeclarationSchema = z
  .object({
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional().describe('JSON Schema of the parameters'),
    idempotent: z.boolean().optional(),
    syncCapable: z.boolean().optional(),
  })
  .passthrough();

export const configSchemaSchema = z
  .object({ commands: z.record(z.string(), commandDeclarationSchema) })
  .passthrough()
  .meta({ id: 'ConnectorConfigSchema' });

export type ConnectorConfigSchema = z.output<typeof configSchemaSchema>;
