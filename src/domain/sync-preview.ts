import { z } from 'zod';
import { LEAVER_REASONS, SYNC_STRATEGIES } from './sync.js';

/**
 * What `POST /api/connectors/:id/sync-config/:type/preview` answers: what the next pass would do,
 * in counts and the first items of each list (docs/sync.md, "Preview").
 */

/** Items each list of a preview shows at most; its `count` says how many there are. */
export const PREVIEW_LIST_LIMIT = 100;

/** The longest a preview may take, and its default. */
export const MAX_PREVIEW_SECONDS = 120;

/** Answers of a preview that read every page. */
export const PREVIEW_STATUSES = ['success', 'error', 'timed_out'] as const;

const listOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      count: z.number().int().describe('How many there are in all'),
      items: z.array(item).describe(`The first ${PREVIEW_LIST_LIMIT}`),
    })
    .meta({ id });

const record = z
  .object({ externalId: z.string(), displayName: z.string(), email: z.string().nullable() })
  .meta({ id: 'SyncPreviewRecord' });
const records = listOf(record, 'SyncPreviewRecords');

const leaver = z
  .object({
    userId: z.uuid(),
    email: z.string().nullable(),
    externalId: z.string(),
    reason: z.enum(LEAVER_REASONS).optional(),
  })
  .meta({ id: 'SyncPreviewLeaver' });

export const syncPreviewSchema = z
  .object({
    connectorId: z.uuid(),
    resourceType: z.string(),
    status: z
      .enum(PREVIEW_STATUSES)
      .describe(
        'error: the connector failed or answered an invalid page; timed_out: the time limit ended the preview. Then records and postSync are null',
      ),
    message: z.string(),
    strategy: z.enum(SYNC_STRATEGIES),
    durationMs: z.number().int(),
    pagesRead: z.number().int(),
    totalUpstreamRecords: z.number().int().describe('Records the connector returned, before the filter rules'),
    records: z
      .object({
        added: records,
        updated: records,
        unchanged: records,
        staled: records.describe('Full passes: current records the pass would not see'),
        purged: records.describe('Full passes: records stale for longer than staleRetention'),
      })
      .nullable(),
    postSync: z
      .object({
        matching: z.object({
          evaluated: z.number().int(),
          matched: z.number().int(),
          ambiguous: z.number().int(),
          unmatched: z.number().int(),
        }),
        matches: listOf(
          z.object({
            externalId: z.string(),
            displayName: z.string().nullable(),
            email: z.string().nullable(),
            userId: z.uuid(),
            userEmail: z.string().nullable(),
            strategy: z.string().nullable(),
            confidence: z.string(),
          }),
          'SyncPreviewMatches',
        ).describe('Records the matching would link to an existing user'),
        usersCreated: listOf(
          z.object({ externalId: z.string(), email: z.string().nullable(), displayName: z.string().nullable() }),
          'SyncPreviewCreatedUsers',
        ),
        createErrors: listOf(
          z.object({ externalId: z.string(), email: z.string().nullable(), reason: z.string() }),
          'SyncPreviewCreateErrors',
        ),
        deactivation: z
          .object({
            held: z
              .boolean()
              .describe('The deletion safeguard would hold the users listed in usersHeld, deactivating none'),
            linkedUsers: z.number().int(),
            usersDeactivated: listOf(leaver, 'SyncPreviewDeactivations'),
            usersHeld: listOf(leaver, 'SyncPreviewHeldDeactivations'),
            privilegedUsersKept: listOf(leaver.extend({ roles: z.array(z.string()) }), 'SyncPreviewPrivilegedLeavers'),
          })
          .describe('Without deactivateUsers every list is empty'),
        profileChanges: z
          .object({
            users: z.number().int().describe('Profiles the mappings would change'),
            count: z.number().int().describe('Fields they would change'),
            items: z.array(
              z.object({
                userId: z.uuid().nullable().describe('null: a user this pass would create'),
                email: z.string().nullable(),
                field: z.string().describe('A built-in profile field, or custom.<name>'),
                oldValue: z.unknown(),
                newValue: z.unknown(),
              }),
            ),
          })
          .meta({ id: 'SyncPreviewProfileChanges' }),
        error: z.string().nullable().describe('The step that would fail, and why; the later steps are not previewed'),
      })
      .nullable()
      .describe('The post-sync steps of a user pass that adds or updates records; null when they would not run'),
  })
  .meta({ id: 'SyncPreview' });

export type SyncPreview = z.output<typeof syncPreviewSchema>;
