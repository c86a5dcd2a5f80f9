import { z } from 'zod';
import { DURATION_PATTERN, isDuration, MAX_DURATION_DAYS } from './duration.js';

/**
 * Every step type, defined once: its config schema (which drives validation, the OpenAPI
 * description and the generated docs) and the transition outcomes it can produce.
 */

/** The largest approval quorum (`{ atLeast: N }`): more approvers than any directory holds. */
export const MAX_QUORUM = 10_000;

/** A duration as configs write it (domain/duration.ts); the one schema of every duration field. */
export const durationSchema = z
  .string()
  .regex(DURATION_PATTERN, 'must be a duration such as 500ms, 90s, 30m, 72h or 7d')
  .refine(isDuration, `must be at most ${MAX_DURATION_DAYS} days`)
  .describe(`A duration: a whole number followed by ms, s, m, h or d, at most ${MAX_DURATION_DAYS} days`);

const text = (description: string) => z.string().min(1).describe(description);

/** One value a task's form asks for; the completion is validated against these. */
export const taskFieldSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier'),
    type: z.enum(['string', 'number', 'boolean', 'date']),
    label: z.string().optional(),
    required: z.boolean().default(true),
    choices: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe('String fields only: the allowed values (the console offers them as a list)'),
  })
  .strict()
  .refine((field) => !field.choices || field.type === 'string', {
    message: 'choices are allowed on string fields only',
    path: ['choices'],
  });
export type TaskField = z.infer<typeof taskFieldSchema>;

/** What an account_reconciliation step does with its connector's reconciliation. */
export const RECONCILIATION_ACTIONS = ['collect', 'deactivate'] as const;
/** The reconciliation lists (GET /api/connectors/:id/reconciliation) a batch collects from. */
export const RECONCILIATION_LISTS = ['orphans', 'activeAccountsOfInactiveUsers'] as const;
export type ReconciliationList = (typeof RECONCILIATION_LISTS)[number];
export const DEFAULT_RECONCILIATION_BATCH = 1000;
/** The most accounts one batch holds: one approval should not cover more. */
export const MAX_RECONCILIATION_BATCH = 10_000;

export const STEP_TYPES = {
  start: {
    description: 'Entry point of the workflow; exactly one per workflow.',
    outcomes: ['success'],
    config: z.object({}).strict(),
  },
  end: {
    description: 'Completes the run; has no transitions.',
    outcomes: [],
    config: z.object({}).strict(),
  },
  notification: {
    description: 'Sends an in-app notification (and an email when SMTP is configured).',
    outcomes: ['success', 'error'],
    config: z
      .object({
        recipientId: text('User id, role name or {{variable}} of the recipient'),
        template: z.string().optional().describe('Name of an email template'),
        subject: z.string().optional(),
        message: z.string().optional().describe('Message text; {{variable}} interpolation applies'),
      })
      .strict(),
  },
  approval: {
    description: 'Asks approvers for a decision and waits for it.',
    outcomes: ['approved', 'rejected', 'timeout', 'error'],
    config: z
      .object({
        approvers: z
          .array(text('User id, role name or {{variable}}'))
          .min(1, 'approvers must name at least one approver')
          .describe(
            'User ids, emails, role names or {{variable}} references; when the step starts they must name an active person, or the step fails (invalid_approvers)',
          ),
        mode: z
          .union([z.enum(['any', 'all']), z.object({ atLeast: z.number().int().min(1).max(MAX_QUORUM) }).strict()])
          .default('any')
          .describe(`any (default), all, or a quorum { atLeast: N }, N at most ${MAX_QUORUM}`),
        timeout: durationSchema.optional(),
        allowSelfApproval: z.boolean().default(false),
        escalation: z
          .object({
            after: durationSchema,
            addApprovers: z.array(z.string().min(1)).optional(),
            notify: z.array(z.string().min(1)).optional(),
          })
          .strict()
          .optional(),
        message: z.string().optional(),
      })
      .strict(),
  },
  task: {
    description: 'Asks a person to complete a form and waits for it.',
    outcomes: ['success', 'timeout', 'error'],
    config: z
      .object({
        assignee: text(
          'User id, email, role name or {{variable}} of the assignee; when the step starts it must name an active person, or the step fails (invalid_assignee)',
        ),
        title: z.string().optional(),
        instructions: z.string().optional(),
        fields: z.array(taskFieldSchema).default([]).describe('Values the completion must supply'),
        timeout: durationSchema.optional(),
      })
      .strict(),
  },
  condition: {
    description: 'Branches on a boolean CEL expression over the run variables.',
    outcomes: ['true', 'false', 'error'],
    config: z.object({ expression: text('A CEL expression that evaluates to a boolean') }).strict(),
  },
  connector: {
    description: 'Runs a command of a connector.',
    outcomes: ['success', 'error'],
    config: z
      .object({
        connector: text('Connector name'),
        command: text('Command name'),
        parameters: z
          .record(z.string(), z.unknown())
          .default({})
          .describe(
            "The command's parameters; publishing checks them against the JSON Schema the command declares (names always, values as far as placeholders allow)",
          ),
        simulateFailure: z.union([z.boolean(), z.string()]).optional(),
        outputVariable: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
          .optional()
          .describe('Variable that receives the result data'),
      })
      .strict(),
  },
  role_grant: {
    description: 'Grants a business role to a user, provisioning its entitlements.',
    outcomes: ['success', 'error'],
    config: z
      .object({
        role: text('Business role name; publishing needs a role written out to exist'),
        subject: text('User id or {{variable}} of the user'),
        onDuplicate: z.enum(['skip', 'error']).default('skip'),
      })
      .strict(),
  },
  role_revoke: {
    description: 'Revokes a business role from a user, deprovisioning its entitlements.',
    outcomes: ['success', 'error'],
    config: z
      .object({
        role: text('Business role name; publishing needs a role written out to exist'),
        subject: text('User id or {{variable}} of the user'),
      })
      .strict(),
  },
  account_reconciliation: {
    description:
      "Collects the accounts a connector's reconciliation reports (orphans, active accounts of inactive users) into a batch, or deactivates a batch collected earlier in the run.",
    outcomes: ['success', 'error'],
    config: z
      .object({
        connector: text('Connector name; the connector needs a user sync (its reconciliation)'),
        action: z
          .enum(RECONCILIATION_ACTIONS)
          .describe(
            'collect: snapshot the accounts into a batch (output: batchId, count, names, preview); deactivate: deactivate the batch the step named by `from` collected',
          ),
        lists: z
          .array(z.enum(RECONCILIATION_LISTS))
          .min(1)
          .default([...RECONCILIATION_LISTS])
          .describe('collect: the reconciliation lists to take accounts from'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_RECONCILIATION_BATCH)
          .default(DEFAULT_RECONCILIATION_BATCH)
          .describe(
            `collect: at most this many accounts (at most ${MAX_RECONCILIATION_BATCH}); the output says when more were left out`,
          ),
        from: text('deactivate (required there): the id of the collect step whose batch to deactivate').optional(),
      })
      .strict(),
  },
  delay: {
    description: 'Waits for a duration (a durable timer).',
    outcomes: ['success'],
    config: z.object({ duration: durationSchema }).strict(),
  },
} as const satisfies Record<string, { description: string; outcomes: readonly string[]; config: z.ZodObject }>;

export type StepType = keyof typeof STEP_TYPES;
export const STEP_TYPE_NAMES = Object.keys(STEP_TYPES) as StepType[];
export const TRANSITION_OUTCOMES = ['success', 'error', 'approved', 'rejected', 'timeout', 'true', 'false'] as const;

export function isStepType(type: string): type is StepType {
  return Object.hasOwn(STEP_TYPES, type);
}

export type StepConfig<T extends StepType> = z.output<(typeof STEP_TYPES)[T]['config']>;
