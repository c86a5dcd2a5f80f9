import { z } from 'zod';
import { SYNC_TRIGGER_MODES, storableText } from './sync.js';

/**
 * Sync matches (spec 2.10, 3.5): which user a synced user record belongs to, the resolve
 * actions of the API and the outcome of the post-sync steps. Pure and workflow-safe.
 */

export const MATCH_STATUSES = [
  'matched',
  'unmatched',
  'ambiguous',
  'manual_override',
  'skipped',
  'create_pending',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_CONFIDENCES = ['exact', 'probable', 'ambiguous', 'none'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

/** Rows a matching run never changes: an administrator decided them. */
export const RESOLVED_STATUSES = ['manual_override', 'skipped'] as const satisfies readonly MatchStatus[];
/** Rows that link a record to a user (deactivation and attribute mappings follow these). */
export const LINKED_STATUSES = ['matched', 'manual_override'] as const satisfies readonly MatchStatus[];

export const candidateSchema = z
  .object({
    userId: z.uuid(),
    email: z.string().nullable(),
    confidence: z.enum(MATCH_CONFIDENCES).describe('What the strategy would have given a single hit'),
    reason: z.string().describe('Which strategy found the user, and on what'),
  })
  .meta({ id: 'SyncMatchCandidate' });

export type MatchCandidate = z.output<typeof candidateSchema>;

const notesSchema = storableText(2000).nullable().optional().describe('Stored as resolutionNotes');

/** `link` names the user to link; the other actions need none. */
function requireUserIdForLink(body: { action: string; userId?: string }, ctx: z.RefinementCtx): void {
  if (body.action === 'link' && body.userId === undefined)
    ctx.addIssue({ code: 'custom', path: ['userId'], message: 'userId is required for action link' });
}

/** The body of `POST .../sync-matches/:matchId/resolve`. */
export const resolveMatchSchema = z
  .object({
    action: z.enum(['link', 'skip', 'create']),
    userId: z.uuid().optional().describe('The user to link (required for link)'),
    notes: notesSchema,
  })
  .strict()
  .superRefine(requireUserIdForLink)
  .meta({ id: 'SyncMatchResolve' });

export type ResolveMatchInput = z.output<typeof resolveMatchSchema>;

export const MAX_BULK_MATCH_IDS = 2000;

/** The body of `POST .../sync-matches/bulk-resolve`. */
export const bulkResolveMatchesSchema = z
  .object({
    matchIds: z
      .array(z.uuid())
      .min(1, 'must list at least one match id')
      .max(MAX_BULK_MATCH_IDS, `at most ${MAX_BULK_MATCH_IDS} match ids`),
    action: z.enum(['link', 'skip']),
    userId: z.uuid().optional().describe('The user to link (required for link)'),
    notes: notesSchema,
  })
  .strict()
  .superRefine(requireUserIdForLink)
  .meta({ id: 'SyncMatchBulkResolve' });

export type BulkResolveMatchesInput = z.output<typeof bulkResolveMatchesSchema>;

/** What the automation of a pass started (`syncTriggerMode`, spec 6.3); `error` when a start failed. */
export const syncAutomationSchema = z
  .object({
    mode: z
      .enum(SYNC_TRIGGER_MODES)
      .exclude(['none'])
      .nullable()
      .describe('null when the automation failed before it read the config'),
    workflowId: z.uuid().nullable().describe('The postSyncWorkflowId the runs were started from'),
    runIds: z.array(z.uuid()).describe('The runs started, in order'),
    records: z.number().int().describe('Changed records sent to the runs (per_record)'),
    error: z.string().nullable().describe('Why a run could not be started; the pass still succeeded'),
  })
  .meta({ id: 'SyncAutomationOutcome' });

export type SyncAutomationOutcome = z.output<typeof syncAutomationSchema>;

/** What the post-sync steps of a pass did (docs/sync.md); `error` names the step that failed. */
export const postSyncOutcomeSchema = z
  .object({
    evaluated: z.number().int().describe('Match rows the matching step looked at'),
    matched: z.number().int(),
    ambiguous: z.number().int(),
    unmatched: z.number().int(),
    usersCreated: z.number().int(),
    createErrors: z.number().int().describe('Rows whose user could not be created (email taken)'),
    usersDeactivated: z.number().int(),
    deactivationsHeld: z
      .number()
      .int()
      .default(0)
      .describe('Users the safeguard kept from deactivation; listed in the status heldDeactivations'),
    privilegedUsersKept: z
      .number()
      .int()
      .default(0)
      .describe(
        'Users holding a role beyond requestor whose only link is a leaver record: kept; listed in the status privilegedLeavers',
      ),
    profilesUpdated: z.number().int(),
    error: z.string().nullable().describe('The failure that stopped the post-sync steps; the pass still succeeded'),
    warning: z
      .string()
      .nullable()
      .default(null)
      .describe('Why deactivations were held, or privileged users kept; the pass still succeeded'),
    automation: syncAutomationSchema
      .nullable()
      .default(null)
      .describe('The runs of postSyncWorkflowId started after the pass; null when syncTriggerMode is none'),
  })
  .meta({ id: 'PostSyncOutcome' });

export type PostSyncOutcome = z.output<typeof postSyncOutcomeSchema>;
