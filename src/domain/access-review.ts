import { z } from 'zod';

/** Longest name list a scope names per kind: a campaign of more is better scoped with `all`. */
export const MAX_SCOPE_NAMES = 500;
/** Most people named as reviewers, fallbacks or escalation targets in one list. */
export const MAX_NAMED_PEOPLE = 100;
/** Longest a campaign may run, and the bound of its other day counts. */
export const MAX_REVIEW_DAYS = 365;

export const ACCESS_REVIEW_STATUSES = ['draft', 'active', 'closing', 'closed', 'cancelled'] as const;
export type AccessReviewStatus = (typeof ACCESS_REVIEW_STATUSES)[number];

export const ACCESS_KINDS = [
  'business_role',
  'entitlement',
  'group',
  'organization_role',
  'connector_account',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const REVIEW_DECISIONS = ['keep', 'revoke'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * Where the removal of a revoked item stands once its campaign closes: `awaiting_go` until an
 * administrator gives it (campaigns without autoRemediate), `pending` until it is carried out,
 * then `remediated` or `failed` (retried on request).
 */
export const REMEDIATION_STATUSES = ['awaiting_go', 'pending', 'remediated', 'failed'] as const;
export type RemediationStatus = (typeof REMEDIATION_STATUSES)[number];

const uniqueIds = (name: string, max = MAX_NAMED_PEOPLE) =>
  z
    .array(z.uuid({ error: `${name} must hold user ids (UUIDs)` }))
    .max(max, `${name} may name at most ${max} people`)
    .refine((ids) => new Set(ids).size === ids.length, `${name} names someone twice`);

/** Every one of a kind (`"all"`), or the names of the chosen ones. */
const namesOrAll = (kind: string) =>
  z
    .union([
      z.literal('all'),
      z
        .array(z.string().trim().min(1, `${kind} names must not be empty`).max(200))
        .max(MAX_SCOPE_NAMES, `at most ${MAX_SCOPE_NAMES} ${kind} names; use "all" for more`)
        .refine((names) => new Set(names).size === names.length, `a ${kind} is named twice`),
    ])
    .default([])
    .describe(`"all", or the names of the ${kind}s whose holders are reviewed`);

export const reviewPeopleFilterSchema = z
  .object({
    organizationId: z.uuid().nullable().default(null).describe('Only members of this organization'),
    department: z.string().trim().min(1).max(200).nullable().default(null).describe('Only people of this department'),
    groupId: z.uuid().nullable().default(null).describe('Only members of this group'),
    attribute: z
      .object({
        name: z
          .string()
          .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'attribute.name must be a profile field or custom attribute name'),
        value: z.string().max(500),
      })
      .strict()
      .nullable()
      .default(null)
      .describe('Only people whose profile field or custom attribute `name` equals `value` (ignoring case)'),
  })
  .strict()
  .describe('Narrows the people whose access is reviewed; every condition given must hold');

export const reviewScopeSchema = z
  .object({
    businessRoles: namesOrAll('business role'),
    entitlements: namesOrAll('entitlement'),
    groups: namesOrAll('group'),
    organizations: namesOrAll('organization'),
    connectorAccounts: z
      .array(
        z
          .object({
            connectorId: z.uuid(),
            resourceType: z.string().trim().min(1).max(64).default('user'),
          })
          .strict(),
      )
      .max(50)
      .default([])
      .describe("Accounts of these connectors' synced records that are linked to users"),
    people: reviewPeopleFilterSchema.default({
      organizationId: null,
      department: null,
      groupId: null,
      attribute: null,
    }),
  })
  .strict()
  .refine(
    (scope) =>
      [scope.businessRoles, scope.entitlements, scope.groups, scope.organizations, scope.connectorAccounts].some(
        (kind) => kind === 'all' || kind.length > 0,
      ),
    'scope must name at least one kind of access (businessRoles, entitlements, groups, organizations or connectorAccounts)',
  );
export type ReviewScope = z.output<typeof reviewScopeSchema>;

export const reviewersSchema = z
  .object({
    type: z
      .enum(['manager', 'owner', 'users', 'role_holders'], {
        error: 'reviewers.type must be manager, owner, users or role_holders',
      })
      .describe(
        "manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`",
      ),
    userIds: uniqueIds('userIds').default([]),
    role: z.string().trim().min(1).max(200).nullable().default(null).describe('A business role name'),
    fallbackUserIds: uniqueIds('fallbackUserIds')
      .default([])
      .describe('Who reviews an item when the chosen reviewer is missing or is its subject, the first that can'),
  })
  .strict()
  .superRefine((reviewers, context) => {
    if (reviewers.type === 'users' && reviewers.userIds.length === 0)
      context.addIssue({ code: 'custom', path: ['userIds'], message: 'reviewers of type users need userIds' });
    if (reviewers.type === 'role_holders' && reviewers.role === null)
      context.addIssue({ code: 'custom', path: ['role'], message: 'reviewers of type role_holders need a role' });
  });
export type Reviewers = z.output<typeof reviewersSchema>;

/** A campaign's definition fields, as saved and as answered. */
export const accessReviewDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(4000).nullable().default(null),
  scope: reviewScopeSchema,
  reviewers: reviewersSchema.describe("The first stage's reviewers"),
  stages: z
    .array(z.object({ reviewers: reviewersSchema }).strict())
    .min(1)
    .max(4)
    .nullable()
    .default(null)
    .describe('Later stages in order, each seeing only what the one before kept; null for one stage'),
  dueInDays: z.number().int().min(1).max(MAX_REVIEW_DAYS).default(14),
  reminderEveryDays: z.number().int().min(1).max(MAX_REVIEW_DAYS).nullable().default(null),
  escalateAfterDays: z.number().int().min(1).max(MAX_REVIEW_DAYS).nullable().default(null),
  escalateToUserIds: uniqueIds('escalateToUserIds').default([]),
  whenUnanswered: z
    .enum(['keep', 'revoke', 'escalate'], { error: 'whenUnanswered must be keep, revoke or escalate' })
    .default('keep'),
  requireCommentToKeep: z.boolean().default(false),
  autoRemediate: z.boolean().default(true).describe('Carry out revokes at the close without waiting'),
  unansweredGraceDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_REVIEW_DAYS)
    .default(3)
    .describe('With whenUnanswered escalate: the days escalated items get before the campaign closes'),
  recurrence: z
    .object({
      everyMonths: z
        .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(6), z.literal(12)], {
          error: 'recurrence.everyMonths must be 1, 2, 3, 4, 6 or 12',
        })
        .describe('The same day of every n-th month from the start: 1, 2, 3, 4, 6 or 12'),
    })
    .strict()
    .nullable()
    .default(null),
});

/** What the API accepts for a campaign, on creation and when a draft is replaced. */
export const accessReviewInputSchema = accessReviewDefinitionSchema.strict().superRefine((input, context) => {
  if (input.escalateAfterDays !== null && input.escalateAfterDays > input.dueInDays)
    context.addIssue({
      code: 'custom',
      path: ['escalateAfterDays'],
      message: 'escalateAfterDays must not be after dueInDays',
    });
  if (input.whenUnanswered === 'escalate' && input.escalateToUserIds.length === 0)
    context.addIssue({
      code: 'custom',
      path: ['escalateToUserIds'],
      message: 'whenUnanswered escalate needs escalateToUserIds',
    });
});
export type AccessReviewInput = z.output<typeof accessReviewInputSchema>;

/** Longest comment on a decision or a delegation. */
export const MAX_REVIEW_COMMENT_LENGTH = 2000;
/** Most items one bulk decision covers. */
export const MAX_BULK_DECISION_ITEMS = 500;

const reviewComment = z
  .string()
  .trim()
  .max(MAX_REVIEW_COMMENT_LENGTH, `comment must be at most ${MAX_REVIEW_COMMENT_LENGTH} characters`);

/** The items one request acts on: distinct, at most MAX_BULK_DECISION_ITEMS. */
const itemIdList = () =>
  z
    .array(z.uuid({ error: 'itemIds must hold item ids (UUIDs)' }))
    .min(1, 'itemIds must name at least one item')
    .max(MAX_BULK_DECISION_ITEMS, `itemIds may name at most ${MAX_BULK_DECISION_ITEMS} items`)
    .refine((ids) => new Set(ids).size === ids.length, 'itemIds names an item twice')
    .meta({ uniqueItems: true });

export const decideItemInputSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: 'decision must be keep or revoke' }),
    comment: reviewComment
      .nullable()
      .default(null)
      .describe('Required for revoke, and for keep when the campaign says so'),
  })
  .strict();
export type DecideItemInput = z.output<typeof decideItemInputSchema>;

export const bulkDecideInputSchema = decideItemInputSchema.extend({
  itemIds: itemIdList(),
});
export type BulkDecideInput = z.output<typeof bulkDecideInputSchema>;

export const delegateItemInputSchema = z
  .object({
    userId: z.uuid({ error: 'userId must be a user id (UUID)' }).optional(),
    email: z
      .email({ error: 'email must be an email address' })
      .max(320)
      .optional()
      .describe("The delegate's email, for reviewers who may not look people up (no user:read)"),
    comment: reviewComment.nullable().default(null),
  })
  .strict()
  .refine((input) => (input.userId === undefined) !== (input.email === undefined), {
    error: 'Name the delegate by userId or by email, not both',
  });
export type DelegateItemInput = z.output<typeof delegateItemInputSchema>;

export const approveRemovalsInputSchema = z
  .object({
    itemIds: itemIdList()
      .optional()
      .describe('The removals to carry out or retry; all that wait or failed when absent'),
  })
  .strict();
export type ApproveRemovalsInput = z.output<typeof approveRemovalsInputSchema>;

/** One delegation or escalation of an item, in the order they happened. */
export const itemHistoryEntrySchema = z.object({
  type: z.enum(['delegated', 'escalated']),
  fromUserId: z.uuid().nullable(),
  toUserId: z.uuid(),
  byUserId: z.uuid().nullable().describe('null when the campaign escalated it by itself'),
  at: z.iso.datetime({ offset: true }),
  comment: z.string().nullable(),
});
export type ItemHistoryEntry = z.output<typeof itemHistoryEntrySchema>;

/** What an item's reviewer is shown beside it, computed when the item was created. */
export const itemRecommendationsSchema = z.object({
  subjectDeactivated: z.boolean(),
  accountStale: z.boolean().nullable(),
  granted: z.object({
    at: z.string().nullable(),
    byUserId: z.string().nullable(),
    byRunId: z.string().nullable(),
  }),
  peers: z
    .object({
      department: z.string().optional().describe("The subject's department, whose people are the peers"),
      organization: z
        .string()
        .optional()
        .describe("For a subject without a department: their organization's name, whose members are the peers"),
      holders: z.number().int(),
      peers: z.number().int(),
      share: z.number(),
      few: z.boolean(),
    })
    .optional()
    .describe('Absent for subjects with neither a department nor an organization, or without peers'),
});
