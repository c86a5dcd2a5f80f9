import { z } from 'zod';

/** The connector call that provisions or deprovisions an entitlement. */
export const connectorCallSchema = z
  .object({
    command: z.string().min(1),
    parameters: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('{{user.id}}, {{user.email}}, {{role.name}}, ... are filled in'),
  })
  .strict()
  .meta({ id: 'ConnectorCall' });

export const entitlementInputSchema = z
  .object({
    name: z.string().max(200).trim().min(1),
    description: z.string().max(2000).nullable().default(null),
    connector: z.string().min(1).describe('Connector name'),
    provisionConfig: connectorCallSchema,
    deprovisionConfig: connectorCallSchema,
    reconciliationConfig: z.record(z.string(), z.unknown()).nullable().default(null),
  })
  .strict();

export type EntitlementInput = z.output<typeof entitlementInputSchema>;
