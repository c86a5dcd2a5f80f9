import { z } from 'zod';
import { businessRoleInputSchema } from './business-role.js';
import { configSchemaInputSchema, connectorNameSchema } from './connector.js';
import { documentTemplateInputSchema } from './document-template.js';
import { emailTemplateInputSchema } from './email-template.js';
import { entitlementInputSchema } from './entitlement.js';
import { groupInputSchema } from './group.js';
import { ORGANIZATION_LIMITS, contactSchema, organizationRoleSchema, organizationText } from './organization.js';
import { WORKFLOW_STATUSES, workflowDefinitionFieldsSchema } from './workflow-definition.js';

/**
 * The portable configuration document of spec 2.13: one zod schema validates imports and
 * describes the document in OpenAPI. Cross references are names; ids never appear. Each entity
 * reuses the input schema of its own API, so a document cannot hold what the API would refuse.
 */

const connectorEntry = z
  .object({
    name: connectorNameSchema,
    type: z.string().min(1).describe('Handler name: http, delay, idp-admin, ... or a custom handler'),
    description: z.string().max(2000).default(''),
    version: z.string().max(50),
    configSchema: configSchemaInputSchema,
    enabled: z.boolean().default(true),
    secretKeys: z
      .array(z.string().min(1))
      .default([])
      .describe('Names of the secret settings the connector uses; their values are never exported'),
  })
  .strict();

/**
 * A list whose items are each listed once, by `keyOf`: a repeated member or workflow set is a
 * 400 naming it, not a conflict while importing.
 */
const listedOnce =
  <T>(keyOf: (item: T) => string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: `"${key}" is listed twice`, path: [index] });
      seen.add(key.toLowerCase());
    });
  };

const projectEntry = z
  .object({
    name: z.string().max(200).trim().min(1),
    description: z.string().max(5000).default(''),
    workflowSets: z
      .array(
        z.object({ name: z.string().max(200).trim().min(1), description: z.string().max(5000).default('') }).strict(),
      )
      .default([])
      .superRefine(listedOnce((set) => set.name)),
  })
  .strict();

const userGroupEntry = groupInputSchema
  .extend({
    members: z
      .array(z.email())
      .default([])
      .superRefine(listedOnce((email) => email.toLowerCase()))
      .describe('Member emails'),
  })
  .strict();

const organizationEntry = z
  .object({
    name: z.string().max(ORGANIZATION_LIMITS.name).trim().min(1),
    address: organizationText.address.transform((value) => value ?? null),
    website: organizationText.website.transform((value) => value ?? null),
    domain: organizationText.domain.transform((value) => value ?? null),
    parent: z.string().min(1).nullable().default(null).describe('Parent organization name'),
    contacts: z.array(contactSchema).max(ORGANIZATION_LIMITS.contacts).default([]),
    members: z
      .array(z.object({ email: z.email(), role: organizationRoleSchema }).strict())
      .default([])
      // One entry per role: a member may hold several roles in an organization (as exported).
      .superRefine(listedOnce((member) => `${member.email.toLowerCase()} as ${member.role}`)),
  })
  .strict();

const workflowEntry = workflowDefinitionFieldsSchema
  .extend({
    status: z
      .enum(WORKFLOW_STATUSES)
      .default('draft')
      .describe('An active workflow is imported as active only if it passes strict validation'),
  })
  .refine((value) => !value.workflowSet || value.project, {
    message: 'workflowSet needs a project',
    path: ['workflowSet'],
  });

const scheduleEntry = z
  .object({
    workflow: z.string().min(1).describe('Workflow name'),
    // The schedules API takes an empty name and time zone (UTC) too, so their exports must import.
    name: z.string().max(200).nullable().default(null),
    // Trimmed as the schedules API trims it, so an unnamed schedule is found by its expression.
    cronExpression: z.string().max(200).trim().min(1),
    timezone: z.string().nullable().default(null),
    enabled: z.boolean().default(true),
    variables: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** Section schemas in import order (spec 4.7): each section only refers to sections before it. */
export const transferSections = {
  connectors: connectorEntry,
  projects: projectEntry,
  emailTemplates: emailTemplateInputSchema,
  documentTemplates: documentTemplateInputSchema,
  userGroups: userGroupEntry,
  organizations: organizationEntry,
  entitlements: entitlementInputSchema,
  roles: businessRoleInputSchema,
  workflows: workflowEntry,
  schedules: scheduleEntry,
} as const;

export type TransferSection = keyof typeof transferSections;
export const TRANSFER_SECTIONS = Object.keys(transferSections) as TransferSection[];

export const transferSectionSchema = z.enum(TRANSFER_SECTIONS as [TransferSection, ...TransferSection[]], {
  error: `sections are: ${TRANSFER_SECTIONS.join(', ')}`,
});

/** Named entities to export (`POST /api/config/export`), with what they refer to unless told otherwise. */
export const exportSelectionSchema = z
  .object({
    entities: z
      .partialRecord(transferSectionSchema, z.array(z.string().min(1)).max(10_000))
      .describe('Names per section; schedules are named <workflow>/<schedule name or cron expression>'),
    includeDependencies: z
      .boolean()
      .default(true)
      .describe('Add what the named entities refer to: workflows of schedules, projects of workflows, ...'),
  })
  .strict();

/** How an import treats entries that exist already (spec 4.7). */
export const IMPORT_STRATEGIES = ['upsert', 'create_only', 'skip_existing'] as const;
export type ImportStrategy = (typeof IMPORT_STRATEGIES)[number];

export const importStrategySchema = z
  .enum(IMPORT_STRATEGIES, { error: `strategy is one of: ${IMPORT_STRATEGIES.join(', ')}` })
  .describe('upsert: create new, update existing; create_only: existing ones are errors; skip_existing');

export type TransferEntities = { [S in TransferSection]?: Array<z.output<(typeof transferSections)[S]>> };
export type SectionEntry<S extends TransferSection> = z.output<(typeof transferSections)[S]>;

/** How an entry is named in selections, duplicate checks and import results. */
export function entryKey<S extends TransferSection>(section: S, entry: SectionEntry<S>): string {
  if (section === 'schedules') {
    const schedule = entry as SectionEntry<'schedules'>;
    return `${schedule.workflow}/${schedule.name ?? schedule.cronExpression}`;
  }
  return (entry as { name: string }).name;
}

/** `entryKey` of an entry not validated yet; null when its naming fields are not strings. */
export function rawEntryKey(section: TransferSection, entry: unknown): string | null {
  if (!entry || typeof entry !== 'object') return null;
  const { name, workflow, cronExpression } = entry as Record<string, unknown>;
  if (section !== 'schedules') return typeof name === 'string' ? name : null;
  const own = typeof name === 'string' ? name : cronExpression;
  return typeof workflow === 'string' && typeof own === 'string' ? `${workflow}/${own}` : null;
}

const entitiesSchema = z
  .object(
    Object.fromEntries(
      TRANSFER_SECTIONS.map((section) => [section, z.array(transferSections[section]).optional()]),
    ) as {
      [S in TransferSection]: z.ZodOptional<z.ZodArray<(typeof transferSections)[S]>>;
    },
  )
  .strict()
  // Runs even when entries have other problems, so a refusal lists duplicates along with the rest.
  .superRefine(
    (entities: unknown, context) => {
      if (!entities || typeof entities !== 'object') return;
      for (const section of TRANSFER_SECTIONS) {
        const entries: unknown = (entities as Record<string, unknown>)[section];
        if (!Array.isArray(entries)) continue;
        const seen = new Set<string>();
        for (const [index, entry] of entries.entries()) {
          const key = rawEntryKey(section, entry);
          if (key === null) continue;
          if (seen.has(key)) {
            context.addIssue({ code: 'custom', path: [section, index], message: `Duplicate name "${key}"` });
          }
          seen.add(key);
        }
      }
    },
    { when: () => true },
  );

export const transferDocumentSchema = z
  .object({
    version: z.literal('1', { error: 'version must be "1"' }),
    exportedAt: z.iso.datetime(),
    exportedBy: z.string(),
    description: z.string().max(5000).optional(),
    details: z
      .array(z.string().max(5000))
      .max(100)
      .optional()
      .describe('What the export left out or chose, in sentences; import ignores it'),
    entities: entitiesSchema,
  })
  .strict()
  .meta({ id: 'ConfigurationDocument' });

export type TransferDocument = z.output<typeof transferDocumentSchema>;
