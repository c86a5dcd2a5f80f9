import {
  isLockUnavailable,
  isTransactionExpired,
  limitLockWait,
  Prisma,
  type Database,
  type DatabaseClient,
} from '../../db/client.js';
import type { SyncConfig, User } from '../../db/generated/client.js';
import { rolledBack } from '../../db/rolled-back.js';
import { jsonObject } from '../../domain/common.js';
import type { ProfileField } from '../../domain/profile.js';
import { MAX_PREVIEW_SECONDS, PREVIEW_LIST_LIMIT, type SyncPreview } from '../../domain/sync-preview.js';
import { filterRulesSchema, type SyncConfigInput, type SyncResourceType } from '../../domain/sync.js';
import { conflict } from '../../errors/index.js';
import type { Caller } from '../caller.js';
import type { ProfileChanges } from '../users/profile.js';
import { checkUserSelection, writeSyncConfigRow } from './manage-sync-configs.js';
import { keepOfPage, listPageReader, passStartOf } from './pass-pages.js';
import { createUsersStep, deactivateStep, mappingsStep, matchStep } from './post-sync-steps.js';
import { endFullPass, purgeableRecords, syncedGroupKeys, upsertRecords, type RecordKey } from './record-store.js';
import { loadSyncTarget, requireListCommand, type SyncContext } from './sync-config-record.js';

/**
 * A preview of a sync pass (docs/sync.md, "Preview"): what the next pass of a config, as stored
 * or as it would be with `changes`, would do, without changing anything.
 *
 * Why the real statements in a transaction that is always rolled back, rather than decision
 * functions factored out of the writers: a pass decides in SQL, over the state its own earlier
 * writes made (matching reads the records the pages stored, deactivation the records the end of
 * the pass made stale, mappings the users creation made), so a second copy of those rules would
 * need the whole state it works on simulated, and would drift from the pass. Here the pages are
 * read, filtered and stored, the pass ended and the post-sync steps run by the very functions the
 * pass's activities call (pass-pages, record-store, post-sync-steps), then everything is undone.
 * Those functions write only to the database (audit entries included); nothing else is called:
 * no Temporal (the automation's runs are not started, not even previewed), no mail, no webhook.
 */

/** How long the preview waits for a row another writer holds, before it answers 409. */
const LOCK_WAIT_MS = 5_000;

type Records = NonNullable<SyncPreview['records']>;
type PostSync = NonNullable<SyncPreview['postSync']>;
type ListItem<K extends keyof PostSync> = PostSync[K] extends { items: Array<infer I> } ? I : never;
type Leaver = PostSync['deactivation']['usersDeactivated']['items'][number];

/** A count and the first PREVIEW_LIST_LIMIT items, filled as a step reports them. */
function collector<T>() {
  const list = { count: 0, items: [] as T[] };
  return {
    list,
    add(item: T) {
      list.count += 1;
      if (list.items.length < PREVIEW_LIST_LIMIT) list.items.push(item);
    },
  };
}

/** A pass ended by the connector or the clock: what the preview answers then. */
class PreviewStopped extends Error {
  constructor(
    readonly status: 'error' | 'timed_out',
    message: string,
  ) {
    super(message);
  }
}

export async function previewSync(
  context: SyncContext,
  caller: Caller,
  connectorId: string,
  type: string,
  changes: SyncConfigInput,
  options: { timeLimitSeconds?: number } = {},
): Promise<SyncPreview> {
  const { connector, resourceType } = await loadSyncTarget(context.db, connectorId, type);
  requireListCommand(connector, context.connectors, resourceType);
  const key = { connectorId, resourceType };
  try {
    // The config as saving `changes` would make it, with the same merge and check as the PUT.
    const config = await rolledBack(context.db, async (tx) => {
      await limitLockWait(tx, LOCK_WAIT_MS);
      return (await writeSyncConfigRow(tx, caller, key, changes)).row;
    });
    checkUserSelection(config);
    if (config.lastSyncStatus === 'running')
      throw conflict(
        `A ${resourceType} sync of connector ${connector.name} is running: preview once it has ended, so that the preview compares with the records it leaves`,
      );
    const timeLimitMs = (options.timeLimitSeconds ?? MAX_PREVIEW_SECONDS) * 1000;
    return await previewOf(context, { caller, changes, config, key, startedAt: new Date(), timeLimitMs });
  } catch (error) {
    if (isLockUnavailable(error))
      throw conflict(
        `Records or users of connector ${connector.name} are being written (a sync pass, a webhook, a release): preview again in a moment`,
      );
    throw error;
  }
}

/** Runs the preview under its time limit; a connector failure or the limit is an answer, not an error. */
async function previewOf(context: SyncContext, input: Omit<PassInput, 'progress'>): Promise<SyncPreview> {
  const progress = { pagesRead: 0, totalUpstreamRecords: 0 };
  const answer = (status: SyncPreview['status'], message: string, found: Found | null): SyncPreview => ({
    connectorId: input.key.connectorId,
    resourceType: input.key.resourceType,
    status,
    message,
    strategy: passStartOf(input.config).strategy,
    durationMs: Date.now() - input.startedAt.getTime(),
    ...progress,
    records: found?.records ?? null,
    postSync: found?.postSync ?? null,
  });
  try {
    const found = await rolledBack(context.db, (tx) => previewPass(tx, context, { ...input, progress }), {
      timeoutMs: input.timeLimitMs,
    });
    const type = input.key.resourceType;
    return answer('success', `Previewed a ${found.strategy} ${type} pass; nothing was changed`, found);
  } catch (error) {
    if (error instanceof PreviewStopped) return answer(error.status, error.message, null);
    if (isTransactionExpired(error)) return answer('timed_out', timedOut(input.timeLimitMs, progress.pagesRead), null);
    throw error;
  }
}

const timedOut = (limitMs: number, pages: number) =>
  `The preview stopped at its time limit of ${limitMs / 1000} s, after ${pages} pages; nothing was changed. A pass has no such limit; preview a narrower filter, or let timeLimitSeconds be longer (up to ${MAX_PREVIEW_SECONDS})`;

interface Found {
  strategy: 'full' | 'incremental';
  records: Records;
  postSync: PostSync | null;
}

interface PassInput {
  caller: Caller;
  changes: SyncConfigInput;
  config: SyncConfig;
  key: { connectorId: string; resourceType: SyncResourceType };
  startedAt: Date;
  timeLimitMs: number;
  progress: { pagesRead: number; totalUpstreamRecords: number };
}

/** The pass and its post-sync steps inside the rolled-back transaction `tx`. */
async function previewPass(tx: Database, context: SyncContext, input: PassInput): Promise<Found> {
  const { key, config, startedAt, progress } = input;
  await limitLockWait(tx, LOCK_WAIT_MS);
  const [lock] = await tx.$queryRaw<Array<{ locked: boolean }>>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${`sync-preview:${key.connectorId}:${key.resourceType}`}, 0)) AS locked`;
  if (!lock?.locked) throw conflict(`A preview of this ${key.resourceType} sync config is already running`);

  const connector = await tx.connector.findUniqueOrThrow({ where: { id: key.connectorId } });
  const pass = passStartOf(config);
  const readPage = listPageReader(tx, context.connectors, connector, {
    resourceType: key.resourceType,
    modifiedSince: pass.modifiedSince,
    instanceId: `sync-preview:${config.id}`,
    fail: (message) => new PreviewStopped('error', `Preview failed: ${message}`),
  });
  const rules = filterRulesSchema.nullable().parse(config.filterRules);
  const groupKeys = rules?.memberOfSyncedGroups ? await syncedGroupKeys(tx, key.connectorId) : undefined;
  // One time for every record the preview stores: it tells them from the others afterwards.
  const syncedAt = startedAt;
  const deadline = startedAt.getTime() + input.timeLimitMs;
  const counts = { added: 0, updated: 0, unchanged: 0, kept: 0 };
  for (let cursor: string | null = null; ;) {
    if (Date.now() >= deadline) throw new PreviewStopped('timed_out', timedOut(input.timeLimitMs, progress.pagesRead));
    const page = await readPage(cursor);
    const { kept, listed } = keepOfPage(page, rules, { syncedGroupKeys: groupKeys, keptBefore: counts.kept });
    const stored = await upsertRecords(tx, key, kept, syncedAt);
    progress.pagesRead += 1;
    progress.totalUpstreamRecords += page.resources.length;
    counts.added += stored.added;
    counts.updated += stored.updated;
    counts.unchanged += stored.unchanged;
    counts.kept += kept.length;
    if (listed) break;
    cursor = page.nextCursor ?? null;
  }

  const now = new Date(Math.max(Date.now(), syncedAt.getTime() + 1));
  let purged: Array<{ externalId: string; displayName: string; email: string | null }> = [];
  const finished =
    pass.strategy === 'full'
      ? await endFullPass(tx, key, { startedAt, now }, config.staleRetention, async (staleBefore) => {
          purged = await purgeableRecords(tx, key, staleBefore, PREVIEW_LIST_LIMIT);
        })
      : { staled: 0, removed: 0 };
  const list = (count: number, where: Prisma.Sql) => recordList(tx, key, count, where);
  const records: Records = {
    added: await list(counts.added, Prisma.sql`created_at = ${syncedAt}`),
    updated: await list(counts.updated, Prisma.sql`changed_at = ${syncedAt} AND created_at <> ${syncedAt}`),
    unchanged: await list(counts.unchanged, Prisma.sql`synced_at = ${syncedAt} AND changed_at <> ${syncedAt}`),
    staled: await list(finished.staled, Prisma.sql`stale_since = ${now}`),
    purged: { count: finished.removed, items: purged },
  };

  // The workflow's rule: the post-sync steps follow a user pass that added or updated records.
  const postSync =
    key.resourceType === 'user' && counts.added + counts.updated > 0 ? await previewPostSync(tx, input) : null;
  return { strategy: pass.strategy, records, postSync };
}

/** The first records of the connector and type under `where`, by external id. */
async function recordList(tx: DatabaseClient, key: RecordKey, count: number, where: Prisma.Sql) {
  const items = await tx.$queryRaw<Array<{ externalId: string; displayName: string; email: string | null }>>`
    SELECT external_id AS "externalId", display_name AS "displayName", email FROM connector_resources
    WHERE connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType} AND ${where}
    ORDER BY external_id LIMIT ${PREVIEW_LIST_LIMIT}`;
  return { count, items };
}

/** The post-sync steps in the workflow's order, each reported as it goes; the first failure stops them. */
async function previewPostSync(tx: Database, input: PassInput): Promise<PostSync> {
  const { key } = input;
  // Written as the PUT would, so that the steps' writes to the config (a hold) find it.
  const { row: config } = await writeSyncConfigRow(tx, input.caller, key, input.changes);
  const created = collector<ListItem<'usersCreated'>>();
  const createErrors = collector<ListItem<'createErrors'>>();
  const deactivated = collector<Leaver>();
  const outcome: PostSync = {
    matching: { evaluated: 0, matched: 0, ambiguous: 0, unmatched: 0 },
    matches: { count: 0, items: [] },
    usersCreated: created.list,
    createErrors: createErrors.list,
    deactivation: {
      held: false,
      linkedUsers: 0,
      usersDeactivated: deactivated.list,
      usersHeld: { count: 0, items: [] },
      privilegedUsersKept: { count: 0, items: [] },
    },
    profileChanges: { users: 0, count: 0, items: [] },
    error: null,
  };
  const step = async (name: string, work: () => Promise<void>) => {
    if (outcome.error) return;
    try {
      await work();
    } catch (error) {
      if (!(error instanceof PreviewStopped)) throw error;
      outcome.error = `${name}: ${error.message}`;
    }
  };

  await step('matching', async () => {
    await tx.$executeRaw`
      CREATE TEMP TABLE sync_preview_links ON COMMIT DROP AS
      SELECT id, user_id, match_status FROM sync_matches
      WHERE connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType}`;
    outcome.matching = await matchStep(tx, key, config, (message) => new PreviewStopped('error', message));
    const made = await tx.$queryRaw<Array<ListItem<'matches'>>>`
      SELECT m.external_id AS "externalId", m.external_display_name AS "displayName", m.external_email AS email,
             m.user_id::text AS "userId", u.email AS "userEmail", m.match_strategy AS strategy,
             m.match_confidence AS confidence
      FROM sync_matches m JOIN users u ON u.id = m.user_id
      LEFT JOIN sync_preview_links b ON b.id = m.id
      WHERE m.connector_id = ${key.connectorId}::uuid AND m.resource_type = ${key.resourceType}
        AND m.match_status = 'matched'
        AND (b.id IS NULL OR b.match_status <> 'matched' OR b.user_id IS DISTINCT FROM m.user_id)
      ORDER BY m.external_id LIMIT ${PREVIEW_LIST_LIMIT}`;
    outcome.matches = { count: outcome.matching.matched, items: made };
  });

  const createdUsers = new Set<string>();
  await step('createUsers', async () => {
    await createUsersStep(tx, key, config, undefined, {
      created(match, user) {
        createdUsers.add(user.id);
        created.add({ externalId: match.externalId, email: user.email, displayName: user.displayName });
      },
      failed(match, reason) {
        createErrors.add({ externalId: match.externalId, email: match.externalEmail, reason });
      },
    });
  });

  await step('deactivateUsers', async () => {
    const deactivation = outcome.deactivation;
    await deactivateStep(tx, key, config, {
      leavers(found) {
        deactivation.held = found.held;
        deactivation.linkedUsers = found.linkedUsers;
        if (found.held) deactivation.usersHeld = firstOf(found.candidates);
        deactivation.privilegedUsersKept = firstOf(found.privileged);
      },
      deactivated: (candidate) => deactivated.add(candidate),
    });
  });

  await step('attributeMappings', async () => {
    const changes = outcome.profileChanges;
    await mappingsStep(tx, key, config, undefined, (before, written) => {
      changes.users += 1;
      for (const change of fieldChanges(before, written)) {
        changes.count += 1;
        if (changes.items.length < PREVIEW_LIST_LIMIT)
          changes.items.push({
            userId: createdUsers.has(before.id) ? null : before.id,
            email: before.email,
            ...change,
          });
      }
    });
  });
  return outcome;
}

const firstOf = <T>(all: T[]) => ({ count: all.length, items: all.slice(0, PREVIEW_LIST_LIMIT) });

/** Each field a mapping would write, with the profile's value before it. */
function fieldChanges(before: User, changes: ProfileChanges) {
  const custom = jsonObject.catch({}).parse(before.customAttributes);
  return [
    ...Object.entries(changes.fields ?? {}).map(([field, value]) => ({
      field,
      oldValue: before[field as ProfileField] ?? null,
      newValue: value,
    })),
    ...Object.entries(changes.custom ?? {}).map(([name, value]) => ({
      field: `custom.${name}`,
      oldValue: Object.hasOwn(custom, name) ? custom[name] : null,
      newValue: value,
    })),
    ...(changes.managerId === undefined
      ? []
      : [{ field: 'managerId', oldValue: before.managerId, newValue: changes.managerId }]),
  ];
}
