import { z } from 'zod';

/**
 * The settings of a `scim` connector (its config merged with its secrets): where the SCIM root is,
 * how to authenticate, capability overrides and the user mapping. `bearerToken`, `clientSecret`
 * and `password` belong in the connector's secrets.
 */

/** What becomes of an account whose user no longer holds an entitlement of the connector. */
export const UNUSED_ACCOUNT_SETTINGS = ['deactivate', 'delete', 'keep'] as const;

const capabilityOverrides = z
  .object({
    patch: z.boolean().optional(),
    filter: z.boolean().optional(),
    etag: z.boolean().optional(),
    cursor: z.boolean().optional(),
    maxMembersPerPatch: z.number().int().min(1).max(10_000).optional(),
    maxResults: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();

export const connectionSchema = z
  .object({
    baseUrl: z.string().min(1),
    authentication: z.enum(['bearer', 'oauth2', 'basic']).default('bearer'),
    bearerToken: z.string().min(1).optional(),
    tokenUrl: z.string().min(1).optional(),
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    scope: z.string().min(1).optional(),
    username: z.string().min(1).optional(),
    password: z.string().min(1).optional(),
    capabilities: capabilityOverrides.optional(),
    /** SCIM attribute path → profile source (docs/connectors-scim.md); null drops a default. */
    mapping: z.record(z.string().min(1), z.string().min(1).nullable()).optional(),
  })
  .loose()
  .superRefine((settings, context) => {
    const need = (name: keyof typeof settings) => {
      if (settings[name] === undefined)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is required with authentication ${settings.authentication}`,
        });
    };
    if (settings.authentication === 'bearer') need('bearerToken');
    if (settings.authentication === 'oauth2')
      for (const name of ['tokenUrl', 'clientId', 'clientSecret'] as const) need(name);
    if (settings.authentication === 'basic') for (const name of ['username', 'password'] as const) need(name);
  });
export type Connection = z.output<typeof connectionSchema>;
export type CapabilityOverrides = z.output<typeof capabilityOverrides>;

/** The secrets of the settings, kept out of every message. */
export function secretsOf(connection: Connection): string[] {
  return [connection.bearerToken, connection.clientSecret, connection.password].filter(
    (value): value is string => value !== undefined,
  );
}

// The settings a connector's config holds that can be checked without its secrets.
const savedSettings = z.looseObject({
  capabilities: capabilityOverrides.optional(),
  unusedAccount: z.enum(UNUSED_ACCOUNT_SETTINGS, { error: 'must be deactivate, delete or keep' }).optional(),
});

/** The first problem of a config's `capabilities` and `unusedAccount`, as a field and a message. */
export function savedSettingsProblem(config: Record<string, unknown>): { field: string; message: string } | undefined {
  const parsed = savedSettings.safeParse(config);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const field = ['config', ...issue.path.map(String), ...keys.slice(0, 1)].join('.');
  const message =
    keys.length > 0
      ? `${field} is not a capability override (${Object.keys(capabilityOverrides.shape).join(', ')})`
      : `${field} ${issue.message}`;
  return { field, message };
}
