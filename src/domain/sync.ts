import { z } from 'zod';
import { fitsProfileField, PROFILE_FIELDS } from './profile.js';
import { durationSchema } from './step-types.js';
import { holdsUnstorableText, unstorableTextProblem } from './storable-text.js';

/**
 * Connector resource sync (spec 2.7 to 2.9, section 8): the resource types, the sync config a
 * client writes and the rules inside it. Pure and workflow-safe.
 */

export const SYNC_RESOURCE_TYPES = ['user', 'group', 'role'] as const;
export type SyncResourceType = (typeof SYNC_RESOURCE_TYPES)[number];

export const SYNC_STRATEGIES = ['full', 'incremental'] as const;
export const SYNC_STATUSES = ['idle', 'running', 'success', 'error'] as const;
export const USER_MATCH_STRATEGIES = ['email', 'email_and_issuer', 'upstream_identity', 'external_id'] as const;
export const SYNC_TRIGGER_MODES = ['none', 'per_record', 'summary'] as const;
export const WRITE_MODES = ['overwrite_always', 'overwrite_if_empty', 'never_overwrite'] as const;
/** Built-in profile fields a mapping rule may write (spec 2.9); any other name is a custom attribute. */
export const MAPPING_TARGET_FIELDS = PROFILE_FIELDS;

/** Path segments that would reach an object's prototype instead of its own data. */
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
/** The roots a source path may start from: the resource's own fields (spec 2.9). */
export const SOURCE_PATH_ROOTS = ['externalId', 'displayName', 'email', 'attributes'] as const;

/** Text the database can store: at most `max` characters, no NUL and no unpaired surrogate. */
export const storableText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const problem = unstorableTextProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    });

/** What one synced record holds (spec 2.7), whether a list command or the resource webhook sent it. */
export const listedResourceSchema = z.object({
  externalId: storableText(255).min(1),
  displayName: storableText(255),
  // Trimmed here, of all the whitespace JavaScript knows (PostgreSQL's btrim knows only spaces),
  // and an email of only whitespace is none: matching and user creation see one value.
  email: storableText(320)
    .nullish()
    .transform((email) => email?.trim() || null),
  attributes: z
    .record(z.string(), z.unknown())
    .default({})
    .refine(
      (attributes) => !holdsUnstorableText(attributes),
      'must not hold the NUL character (U+0000) or an unpaired surrogate (\\uD800–\\uDFFF) in any key or value',
    ),
});

/** A dot path such as `attributes.department`: own-property segments, none of them unsafe. */
export const dotPathSchema = storableText(500).superRefine((path, ctx) => {
  const segments = path.split('.');
  if (segments.some((segment) => segment === '')) {
    ctx.addIssue({ code: 'custom', message: `"${path}" is not a dot path (empty segment)` });
    return;
  }
  const unsafe = segments.filter((segment) => UNSAFE_SEGMENTS.has(segment));
  if (unsafe.length > 0) ctx.addIssue({ code: 'custom', message: `unsafe path segment ${unsafe.join(', ')}` });
  if (!(SOURCE_PATH_ROOTS as readonly string[]).includes(segments[0]!))
    ctx.addIssue({ code: 'custom', message: `must start with one of ${SOURCE_PATH_ROOTS.join(', ')}` });
});

export const attributeMappingRuleSchema = z
  .object({
    sourcePath: dotPathSchema.describe('Dot path into the resource, e.g. attributes.department'),
    targetField: storableText(100)
      .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'must be a profile field or a custom attribute name (letters, digits, _, -)')
      .refine((name) => !UNSAFE_SEGMENTS.has(name), 'is not an allowed attribute name')
      .describe(
        `${MAPPING_TARGET_FIELDS.join(', ')}, managerId (the source names the manager's record in the same directory) or a custom attribute name`,
      ),
    writeMode: z.enum(WRITE_MODES).default('overwrite_if_empty'),
    transform: storableText(500).nullable().optional().describe('Reserved: a non-empty value skips the rule'),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'AttributeMappingRule' });

export type AttributeMappingRule = z.output<typeof attributeMappingRuleSchema>;

const emailDomainSchema = storableText(253).regex(
  /^(?!-)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/,
  'must be a domain name such as example.com',
);

export const filterRulesSchema = z
  .object({
    groupNamePattern: storableText(255)
      .min(1, 'must not be empty')
      .optional()
      .describe('Glob on the display name: * any characters, ? one; case-insensitive'),
    groupIds: z.array(storableText(255).min(1)).max(10_000).optional().describe('Whitelist of external ids'),
    emailDomains: z.array(emailDomainSchema).max(1_000).optional().describe('Keep only these email domains'),
    memberOfSyncedGroups: z
      .boolean()
      .optional()
      .describe('Keep only records whose memberOf names a group record already synced from this connector'),
    maxRecords: z.number().int().min(1).max(10_000_000).optional().describe('Stop after this many records'),
  })
  .strict()
  .meta({ id: 'SyncFilterRules' });

export type FilterRules = z.output<typeof filterRulesSchema>;

/** The filter rules that choose which records are kept (`maxRecords` only caps how many). */
export const SELECTING_FILTER_RULES = ['groupNamePattern', 'groupIds', 'emailDomains', 'memberOfSyncedGroups'] as const;

/** Whether the rules choose records (spec sync rule 3): one selecting rule at least is set. */
export const selectsRecords = (rules: FilterRules | null): boolean =>
  rules !== null &&
  (rules.groupNamePattern !== undefined ||
    rules.groupIds !== undefined ||
    rules.emailDomains !== undefined ||
    rules.memberOfSyncedGroups === true);

const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
] as const;
const CRON_MACROS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

function cronValue(text: string, field: (typeof CRON_FIELDS)[number]): number | undefined {
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    return value >= field.min && value <= field.max ? value : undefined;
  }
  const index = 'names' in field ? (field.names as readonly string[]).indexOf(text.toUpperCase()) : -1;
  return index === -1 ? undefined : index + field.min;
}

/** Why `expression` is not a five-field cron expression (or macro), or undefined when it is one. */
export function cronProblem(expression: string): string | undefined {
  const trimmed = expression.trim();
  if (CRON_MACROS.includes(trimmed.toLowerCase())) return undefined;
  const fields = trimmed.split(/\s+/);
  if (fields.length !== 5)
    return `"${expression}" must have 5 fields (minute hour day-of-month month day-of-week) or be one of ${CRON_MACROS.join(', ')}`;
  for (const [index, text] of fields.entries()) {
    const field = CRON_FIELDS[index]!;
    for (const part of text.split(',')) {
      const match = /^(\*|([^-/]+)(?:-([^-/]+))?)(?:\/(\d+))?$/.exec(part);
      const valid =
        match !== null &&
        (match[4] === undefined || Number(match[4]) >= 1) &&
        (match[1] === '*' ||
          (cronValue(match[2]!, field) !== undefined &&
            (match[3] === undefined || cronValue(match[3], field)! >= cronValue(match[2]!, field)!)));
      if (!valid) return `"${part}" is not a valid ${field.name} (${field.min}-${field.max})`;
    }
  }
  return undefined;
}

const cronSchema = storableText(200).superRefine((expression, ctx) => {
  const problem = cronProblem(expression);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The accidental-deletion safeguard: a pass holds its deactivations when it exceeds both. */
export const deactivationThresholdSchema = z
  .object({
    maxCount: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .describe('Deactivations a pass may make before the percentage counts'),
    maxPercent: z.number().int().min(0).max(100).describe('Share of the linked users a pass may deactivate'),
  })
  .strict()
  .meta({ id: 'SyncDeactivationThreshold' });

export type DeactivationThreshold = z.output<typeof deactivationThresholdSchema>;

/** Why a synced user record is a leaver: no pass sees it any more, or the connector reports it disabled. */
export const LEAVER_REASONS = ['stale', 'disabled'] as const;
export type LeaverReason = (typeof LEAVER_REASONS)[number];

const leaverSchema = z.object({
  userId: z.uuid(),
  email: z.string().nullable(),
  externalId: z.string(),
  reason: z.enum(LEAVER_REASONS).optional().describe('stale: no pass sees the record; disabled: reported disabled'),
});

/** The deactivations a pass held because they exceeded the threshold (docs/sync.md). */
export const heldDeactivationsSchema = z
  .object({
    heldAt: z.iso.datetime(),
    linkedUsers: z.number().int().describe('Users linked to records of this connector and type when they were held'),
    users: z.array(leaverSchema),
  })
  .meta({ id: 'SyncHeldDeactivations' });

export type HeldDeactivations = z.output<typeof heldDeactivationsSchema>;

/**
 * The users holding a role beyond requestor whose only link is a leaver record, as the last
 * deactivation step found them: kept, never deactivated by a sync, and reported (docs/sync.md).
 */
export const privilegedLeaversSchema = z
  .object({
    reportedAt: z.iso.datetime(),
    users: z.array(
      leaverSchema.required({ reason: true }).extend({ roles: z.array(z.string()).describe('Their system roles') }),
    ),
  })
  .meta({ id: 'SyncPrivilegedLeavers' });

export type PrivilegedLeavers = z.output<typeof privilegedLeaversSchema>;

/**
 * The body of `PUT .../sync-config/:type`: every field optional, since on update only the
 * fields sent change and on create the others take their defaults (spec 2.8).
 */
export const syncConfigInputSchema = z
  .object({
    enabled: z.boolean(),
    strategy: z.enum(SYNC_STRATEGIES),
    cronSchedule: cronSchema.nullable().describe('Five-field cron expression (UTC) or a macro such as @daily'),
    filterRules: filterRulesSchema.nullable(),
    syncAllUsers: z
      .boolean()
      .describe(
        'user configs: sync the whole directory. Without it a user config needs a filter rule that selects records',
      ),
    staleRetention: durationSchema,
    attributeMappings: z.array(attributeMappingRuleSchema).max(200).nullable(),
    userMatchStrategy: z.enum(USER_MATCH_STRATEGIES),
    userMatchFallbackStrategies: z
      .array(z.enum(USER_MATCH_STRATEGIES))
      .max(20)
      .nullable()
      .transform((list) => (list === null ? null : [...new Set(list)]))
      .describe('Tried in order after the primary; duplicates are ignored'),
    issuerSourcePath: dotPathSchema.nullable(),
    postSyncWorkflowId: z.uuid().nullable(),
    syncTriggerMode: z.enum(SYNC_TRIGGER_MODES),
    createUsers: z.boolean(),
    deactivateUsers: z.boolean(),
    deactivateDisabledUsers: z
      .boolean()
      .describe(
        'With deactivateUsers: a user whose linked record the connector reports disabled (attributes.enabled false) is a leaver too',
      ),
    createUserDefaults: z
      .record(storableText(100), z.union([storableText(1000), z.number(), z.boolean(), z.null()]))
      .refine((value) => Object.keys(value).length <= 50, 'at most 50 fields')
      .superRefine((defaults, context) => {
        // A built-in field takes what it takes from the API: a value it would refuse is not kept.
        for (const field of PROFILE_FIELDS) {
          const value = defaults[field];
          if (value === undefined || value === null || fitsProfileField(field, String(value))) continue;
          context.addIssue({
            code: 'custom',
            path: [field],
            message: `${field} takes ${field === 'startDate' ? 'a date (YYYY-MM-DD)' : 'text of up to 500 characters'}`,
          });
        }
      })
      .nullable()
      .describe('Profile fields applied once to each user created by createUsers'),
    deactivationThreshold: deactivationThresholdSchema,
  })
  .partial()
  .strict()
  .meta({ id: 'SyncConfigInput' });

export type SyncConfigInput = z.output<typeof syncConfigInputSchema>;

/** The defaults of a new sync config (spec 2.8). */
export const SYNC_CONFIG_DEFAULTS = {
  enabled: false,
  strategy: 'full',
  cronSchedule: null,
  filterRules: null,
  syncAllUsers: false,
  staleRetention: '7d',
  attributeMappings: null,
  userMatchStrategy: 'email',
  userMatchFallbackStrategies: null,
  issuerSourcePath: null,
  postSyncWorkflowId: null,
  syncTriggerMode: 'none',
  createUsers: false,
  deactivateUsers: false,
  deactivateDisabledUsers: true,
  createUserDefaults: null,
  deactivationThreshold: { maxCount: 50, maxPercent: 10 },
} as const satisfies Required<SyncConfigInput>;

export const syncStatsSchema = z
  .object({
    added: z.number().int(),
    updated: z.number().int(),
    staled: z.number().int(),
    unchanged: z.number().int(),
    removed: z.number().int(),
    durationMs: z.number().int(),
    pagesProcessed: z.number().int(),
    totalUpstreamRecords: z.number().int(),
  })
  .meta({ id: 'SyncStats' });

/** The Temporal Schedule id of an enabled config with a cron (sync item 5). */
export const SYNC_SCHEDULE_PREFIX = 'cr-sync-';
export const syncScheduleId = (connectorId: string, resourceType: string) =>
  `${SYNC_SCHEDULE_PREFIX}${connectorId}-${resourceType}`;
