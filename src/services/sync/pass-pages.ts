import { executeConnectorCommand } from '../../connectors/execute-command.js';
import { LIST_COMMANDS } from '../../connectors/handler.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { DatabaseClient } from '../../db/client.js';
import type { Connector, SyncConfig } from '../../db/generated/client.js';
import type { FilterRules, SyncResourceType } from '../../domain/sync.js';
import { runnableConnector } from '../connectors/connector-record.js';
import { filterRecords } from './filter-records.js';
import { checkListedPage, type ListedPage } from './listed-page.js';
import type { HashedResource } from './record-store.js';

/**
 * The reads of a sync pass (sync items 1, 2, 4): which pages it asks for and which records of a
 * page it keeps. Shared by the pass's activities and its preview, so that both read and filter
 * exactly alike.
 */

/**
 * Records a pass asks for per page: each page costs a transaction and a few round trips, so large
 * pages keep that overhead small next to the records; a connector may answer fewer (directories
 * often cap a page at 1,000, e.g. Active Directory's MaxPageSize).
 */
export const SYNC_PAGE_SIZE = 5000;

/** What a fresh pass of `config` starts with: its strategy, and `modifiedSince` for an incremental one. */
export function passStartOf(config: Pick<SyncConfig, 'strategy' | 'lastSuccessfulSyncAt'>): {
  strategy: 'full' | 'incremental';
  modifiedSince: string | null;
} {
  const incremental = config.strategy === 'incremental';
  return {
    strategy: incremental ? 'incremental' : 'full',
    modifiedSince: incremental && config.lastSuccessfulSyncAt ? config.lastSuccessfulSyncAt.toISOString() : null,
  };
}

/**
 * The list command of the connector, ready to call page after page: each answer is checked and
 * hashed. A failure of the connector or an invalid page is thrown as `fail(message)`, so each
 * caller decides what kind of error that is.
 */
export function listPageReader(
  db: DatabaseClient,
  connectors: ConnectorRuntime,
  connector: Connector,
  input: {
    resourceType: SyncResourceType;
    modifiedSince: string | null;
    /** Names the pass in the connector's log and idempotency keys. */
    instanceId: string;
    fail: (message: string) => Error;
  },
): (cursor: string | null) => Promise<ListedPage> {
  const command = LIST_COMMANDS[input.resourceType];
  const handler = connectors.registry.get(connector.type)?.handler;
  const runnable = runnableConnector(db, connector, connectors);
  return async (cursor) => {
    const result = await executeConnectorCommand(handler, runnable, {
      command,
      parameters: {
        pageSize: SYNC_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
        ...(input.modifiedSince ? { modifiedSince: input.modifiedSince } : {}),
      },
      variables: {},
      stepId: `sync-${input.resourceType}`,
      instanceId: input.instanceId,
      timeoutMs: connectors.timeoutMs,
    });
    if (!result.success) throw input.fail(result.error ?? `${connector.name}.${command} failed`);
    // Checked and hashed here, so that this work on a page overlaps the writing of the one before it.
    const checked = await checkListedPage(result.payload);
    if (!checked.success)
      throw input.fail(`${connector.name}.${command} answered an invalid page: ${checked.problems}`);
    return checked.page;
  };
}

/**
 * The records of a page the filter rules keep, given how many the pass kept before it
 * (`maxRecords`), and whether the pass has listed everything after this page.
 */
export function keepOfPage(
  page: ListedPage,
  rules: FilterRules | null,
  context: { syncedGroupKeys?: ReadonlySet<string>; keptBefore: number },
): { kept: HashedResource[]; listed: boolean } {
  const remaining = rules?.maxRecords === undefined ? undefined : rules.maxRecords - context.keptBefore;
  const keptResources = new Set(
    filterRecords(page.resources, rules, { syncedGroupKeys: context.syncedGroupKeys, remaining }),
  );
  const kept = page.hashed.filter(({ resource }) => keptResources.has(resource));
  const listed = !page.nextCursor || (remaining !== undefined && kept.length >= remaining);
  return { kept, listed };
}
