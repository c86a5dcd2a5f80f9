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

/**
 * What a resource webhook event without `resourceType` needs to find an entitlement (docs/sync.md):
 * the id the connected system gives the resource, and optionally the workflow a change starts.
 * Other keys are kept, for the connector's own use.
 */
export const reconciliationConfigSchema = z
  .looseObject({
    resourceId: z.string().trim().min(1).max(255).describe("The connected system's id of the resource"),
    workflowId: z.uuid().optional().describe('A workflow with the webhook trigger, started by each event'),
  })
  .meta({ id: 'ReconciliationConfig' });

export const entitlementInputSchema = z
  .object({
    name: z.string().max(200).trim().min(1),
    description: z.string().max(2000).nullable().default(null),
    connector: z.string().min(1).describe('Connector name'),
    provisionConfig: connectorCallSchema,
    deprovisionConfig: connectorCallSchema,
    reconciliationConfig: reconciliationConfigSchema.nullable().default(null),
  })
  .strict();

export type EntitlementInput = z.output<typeof entitlementInputSchema>;
