import { ApplicationFailure } from '@temporalio/activity';
import type { ConnectorRuntime } from '../connectors/runtime.js';
import { jsonColumn, Prisma, type Database } from '../db/client.js';
import type { SyncConfig } from '../db/generated/client.js';
import { EMPTY_SYNC_STATS, type SyncStats } from '../domain/sync-pass.js';
import { filterRulesSchema, syncStatsSchema, type SyncResourceType } from '../domain/sync.js';
import type { ListedPage } from '../services/sync/listed-page.js';
import { keepOfPage, listPageReader, passStartOf } from '../services/sync/pass-pages.js';
import { endFullPass, syncedGroupKeys, upsertRecords, type HashedResource } from '../services/sync/record-store.js';
import { passProgressSchema, type PassProgress } from '../services/sync/sync-config-record.js';
import { recordSyncPass } from '../metrics/operation-metrics.js';
import { withHeartbeat } from './heartbeat.js';
import { annotateSpan } from '../telemetry/spans.js';

/**
 * The I/O of a sync pass (sync items 1, 2, 4). The pass's state lives in its config row: each
 * page is fetched, filtered, stored and its cursor committed in one transaction, so records never
 * travel through workflow history and a pass interrupted anywhere continues after its last
 * committed page.
 */

export interface SyncKey {
  connectorId: string;
  resourceType: SyncResourceType;
}

export { SYNC_PAGE_SIZE } from '../services/sync/pass-pages.js';

/** How long one `syncPages` call stores pages before it returns to the workflow. */
const PAGES_TIME_BUDGET_MS = 20_000;

export interface SyncPagesResult {
  /** The connector has no more pages (or maxRecords was reached). */
  done: boolean;
  /** Pages the pass has committed in all. */
  pagesProcessed: number;
  /** Pages this call committed. */
  pages: number;
}

const progressColumn = (progress: PassProgress | null) => (progress ? jsonColumn(progress) : Prisma.DbNull);

function statsOf(progress: PassProgress, now: Date, finished: { staled: number; removed: number }): SyncStats {
  return {
    added: progress.added,
    updated: progress.updated,
    staled: finished.staled,
    unchanged: progress.unchanged,
    removed: finished.removed,
    durationMs: Math.max(0, now.getTime() - Date.parse(progress.startedAt)),
    pagesProcessed: progress.pagesProcessed,
    totalUpstreamRecords: progress.totalUpstreamRecords,
  };
}

/** A failure that retrying cannot fix: the workflow records it as the pass's error. */
const permanent = (message: string) => ApplicationFailure.nonRetryable(message, 'SyncPassFailure');

export function createSyncActivities(deps: { db: Database; connectors: ConnectorRuntime }) {
  const { db, connectors } = deps;

  const configOf = (key: SyncKey) =>
    db.syncConfig.findUnique({
      where: { connectorId_resourceType: { connectorId: key.connectorId, resourceType: key.resourceType } },
    });

  /** The config row locked for this transaction, with its pass. */
  async function lockedPass(tx: Prisma.TransactionClient, id: string) {
    await tx.$queryRaw`SELECT 1 FROM sync_configs WHERE id = ${id}::uuid FOR UPDATE`;
    const row = await tx.syncConfig.findUnique({ where: { id } });
    return { row, progress: row ? passProgressSchema.nullable().parse(row.passProgress) : null };
  }

  /** A pass that ended, in the metrics (docs/observability.md), under its connector's name. */
  async function countPass(key: SyncKey, outcome: 'success' | 'error', stats: SyncStats) {
    const connector = await db.connector.findUnique({ where: { id: key.connectorId }, select: { name: true } });
    const { added, updated, unchanged, staled, removed } = stats;
    recordSyncPass({
      connector: connector?.name ?? key.connectorId,
      type: key.resourceType,
      outcome,
      durationMs: stats.durationMs,
      records: { added, updated, unchanged, staled, removed },
    });
  }

  /** The list command of the pass's connector, ready to call page after page. */
  async function pageReader(key: SyncKey, row: SyncConfig, progress: PassProgress) {
    const connector = await db.connector.findUnique({ where: { id: key.connectorId } });
    if (!connector) throw permanent('The connector no longer exists');
    return listPageReader(db, connectors, connector, {
      resourceType: key.resourceType,
      modifiedSince: progress.modifiedSince,
      instanceId: `sync:${row.id}`,
      fail: permanent,
    });
  }

  /**
   * Stores one fetched page and commits it with the cursor after it, in one transaction.
   * Answers the pass's progress after it, or null when another attempt of the activity has
   * committed this page already (nothing is written twice).
   */
  async function commitPage(
    key: SyncKey,
    configId: string,
    progress: PassProgress,
    page: ListedPage,
    kept: HashedResource[],
    listed: boolean,
  ): Promise<PassProgress | null> {
    // A clock behind the pass's start must not make records of this pass look unseen.
    const syncedAt = new Date(Math.max(Date.now(), Date.parse(progress.startedAt)));
    return db.$transaction(async (tx) => {
      // Losing this commit in a database crash loses its cursor with it, so the pass fetches the
      // page again: no reason to wait for the disk on every page (set with the lock, one round trip).
      const [current] = await tx.$queryRaw<Array<{ pass_progress: unknown }>>`
        SELECT pass_progress, set_config('synchronous_commit', 'off', true)
        FROM sync_configs WHERE id = ${configId}::uuid FOR UPDATE`;
      const stored = passProgressSchema.nullable().safeParse(current?.pass_progress ?? null);
      if (!stored.success || stored.data?.pagesProcessed !== progress.pagesProcessed) return null;
      const counts = await upsertRecords(tx, key, kept, syncedAt);
      const next: PassProgress = {
        ...progress,
        pagesProcessed: progress.pagesProcessed + 1,
        added: progress.added + counts.added,
        updated: progress.updated + counts.updated,
        unchanged: progress.unchanged + counts.unchanged,
        totalUpstreamRecords: progress.totalUpstreamRecords + page.resources.length,
        kept: progress.kept + kept.length,
        listed,
      };
      await tx.syncConfig.update({
        where: { id: configId },
        data: { lastSyncCursor: listed ? null : (page.nextCursor ?? null), passProgress: progressColumn(next) },
      });
      return next;
    });
  }

  /**
   * Fetches, filters and stores pages, each committed with the cursor after it in a transaction
   * of its own, until the connector has no more, `maxPages` were stored or the time budget is
   * spent. The next page is fetched while the current one is written, so the connector and the
   * database work at once; a page fetched ahead but not committed is fetched again by whoever
   * continues the pass.
   */
  async function syncPages(input: SyncKey & { maxPages?: number }): Promise<SyncPagesResult> {
    const key = { connectorId: input.connectorId, resourceType: input.resourceType };
    return withHeartbeat(async (heartbeat) => {
      const row = await configOf(key);
      if (!row) throw permanent('The sync config was deleted during the pass');
      let progress = passProgressSchema.nullable().parse(row.passProgress);
      if (!progress) throw permanent('No sync pass is in progress');
      if (progress.listed) return { done: true, pagesProcessed: progress.pagesProcessed, pages: 0 };

      const readPage = await pageReader(key, row, progress);
      const rules = filterRulesSchema.nullable().parse(row.filterRules);
      const groupKeys = rules?.memberOfSyncedGroups ? await syncedGroupKeys(db, key.connectorId) : undefined;
      const stopAt = Date.now() + PAGES_TIME_BUDGET_MS;
      let ahead = readPage(row.lastSyncCursor);
      for (let pages = 0; ;) {
        const page = await ahead;
        heartbeat();
        const { kept, listed } = keepOfPage(page, rules, { syncedGroupKeys: groupKeys, keptBefore: progress.kept });
        const goOn = !listed && pages + 1 < (input.maxPages ?? Infinity) && Date.now() < stopAt;
        ahead = goOn ? readPage(page.nextCursor ?? null) : Promise.resolve(page);
        // A failure of the page fetched ahead is reported when it is awaited, not before.
        ahead.catch(() => undefined);
        const committed = await commitPage(key, row.id, progress, page, kept, listed);
        if (!committed) {
          // Another attempt of this activity committed the page already: report where the pass is.
          const current = passProgressSchema.nullable().parse((await configOf(key))?.passProgress ?? null);
          return { done: current?.listed ?? true, pagesProcessed: current?.pagesProcessed ?? 0, pages };
        }
        progress = committed;
        pages += 1;
        if (!goOn) return { done: listed, pagesProcessed: progress.pagesProcessed, pages };
      }
    });
  }

  return {
    /**
     * Starts a pass, or takes up the unfinished one of the same strategy (after a connector
     * failure or a lost worker), and marks the config running.
     */
    async beginSyncPass(key: SyncKey): Promise<{ skipped?: string }> {
      const row = await configOf(key);
      if (!row) return { skipped: 'The sync config no longer exists' };
      annotateSpan({ 'flowgate.sync_config_id': row.id });
      const unfinished = passProgressSchema.nullable().parse(row.passProgress);
      const resume = unfinished !== null && unfinished.strategy === row.strategy;
      const progress: PassProgress = resume
        ? unfinished
        : {
            startedAt: new Date().toISOString(),
            ...passStartOf(row),
            pagesProcessed: 0,
            added: 0,
            updated: 0,
            unchanged: 0,
            totalUpstreamRecords: 0,
            kept: 0,
            listed: false,
          };
      await db.syncConfig.update({
        where: { id: row.id },
        data: {
          lastSyncStatus: 'running',
          lastSyncError: null,
          passProgress: progressColumn(progress),
          lastSyncCursor: resume ? row.lastSyncCursor : null,
        },
      });
      return {};
    },

    syncPages,

    /** One page at a time: what passes begun before `syncPages` existed still call. */
    syncPage: (key: SyncKey) => syncPages({ ...key, maxPages: 1 }),

    /**
     * Ends a listed pass: a full pass marks the records it did not see stale and purges those
     * stale past the retention; then the status is success and the stats are recorded.
     */
    async finishSyncPass(key: SyncKey): Promise<SyncStats> {
      const row = await configOf(key);
      if (!row) return { ...EMPTY_SYNC_STATS };
      let ended = false;
      const stats = await db.$transaction(async (tx) => {
        const { row: current, progress } = await lockedPass(tx, row.id);
        // Finished by an earlier attempt of this activity: report what it recorded.
        if (!current || !progress)
          return current?.lastSyncStats ? syncStatsSchema.parse(current.lastSyncStats) : { ...EMPTY_SYNC_STATS };
        const now = new Date();
        const finished =
          progress.strategy === 'full'
            ? await endFullPass(tx, key, { startedAt: new Date(progress.startedAt), now }, current.staleRetention)
            : { staled: 0, removed: 0 };
        const stats = statsOf(progress, now, finished);
        await tx.syncConfig.update({
          where: { id: current.id },
          data: {
            lastSyncStatus: 'success',
            lastSyncError: null,
            lastSyncAt: now,
            lastSuccessfulSyncAt: new Date(progress.startedAt),
            lastSyncCursor: null,
            passProgress: Prisma.DbNull,
            lastSyncStats: jsonColumn(stats),
          },
        });
        ended = true;
        return stats;
      });
      if (ended) await countPass(key, 'success', stats);
      return stats;
    },

    /** Records a failed pass: status error with the message; committed pages and the cursor stay. */
    async failSyncPass(input: SyncKey & { message: string }): Promise<SyncStats> {
      const row = await configOf(input);
      if (!row) return { ...EMPTY_SYNC_STATS };
      const progress = passProgressSchema.nullable().parse(row.passProgress);
      const now = new Date();
      const stats = progress ? statsOf(progress, now, { staled: 0, removed: 0 }) : { ...EMPTY_SYNC_STATS };
      await db.syncConfig.update({
        where: { id: row.id },
        data: {
          lastSyncStatus: 'error',
          lastSyncError: input.message.slice(0, 2000),
          lastSyncAt: now,
          lastSyncStats: jsonColumn(stats),
        },
      });
      await countPass(input, 'error', stats);
      return stats;
    },
  };
}
