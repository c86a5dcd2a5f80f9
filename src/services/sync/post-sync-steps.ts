import type { Database } from '../../db/client.js';
import type { SyncConfig, User } from '../../db/generated/client.js';
import type { DeactivationResult } from '../../domain/sync-pass.js';
import type { ProfileChanges } from '../users/profile.js';
import { applyAttributeMappings } from './attribute-mappings.js';
import type { LeaverRules } from './leaver-records.js';
import { matchRecordsToUsers, matchSettingsOf, type MatchCounts } from './match-users.js';
import type { RecordKey } from './record-store.js';
import {
  createUsersForUnmatched,
  deactivateUsersOfLeaverRecords,
  type CreationObserver,
  type DeactivationObserver,
} from './sync-users.js';

/**
 * The post-sync steps of a user pass (docs/sync.md, "Post-sync steps"), each from the config it
 * runs under: the pass's activities call them with the stored config, a preview with the config it
 * previews, so the two read the config's fields alike.
 */

const leaverRulesOf = (config: SyncConfig): LeaverRules => ({ disabled: config.deactivateDisabledUsers });

/** (a) Gives every record its match row and matches the unlinked ones to users. */
export async function matchStep(
  db: Database,
  key: RecordKey,
  config: SyncConfig,
  fail: (message: string) => Error,
): Promise<MatchCounts> {
  const settings = matchSettingsOf(config);
  if (!settings.success) throw fail(settings.message);
  return matchRecordsToUsers(db, key, settings.data);
}

/** (b) With `createUsers`: a user for each unmatched record with an email that is no leaver. */
export async function createUsersStep(
  db: Database,
  key: RecordKey,
  config: SyncConfig,
  progress?: () => void,
  observer?: CreationObserver,
): Promise<{ created: number; failed: number }> {
  if (!config.createUsers) return { created: 0, failed: 0 };
  return createUsersForUnmatched(db, key, config.createUserDefaults, leaverRulesOf(config), progress, observer);
}

/** (c) With `deactivateUsers`: the users of leaver records deactivated, or held by the safeguard. */
export async function deactivateStep(
  db: Database,
  key: RecordKey,
  config: SyncConfig,
  observer?: DeactivationObserver,
): Promise<DeactivationResult> {
  if (!config.deactivateUsers) return { deactivated: 0, held: 0, linkedUsers: 0, privilegedKept: 0 };
  const threshold = { maxCount: config.deactivationMaxCount, maxPercent: config.deactivationMaxPercent };
  return deactivateUsersOfLeaverRecords(db, key, threshold, leaverRulesOf(config), observer);
}

/** (d) Applies the enabled attribute mappings to the linked users' profiles. */
export function mappingsStep(
  db: Database,
  key: RecordKey,
  config: SyncConfig,
  progress?: () => void,
  observe?: (before: User, changes: ProfileChanges) => void,
): Promise<number> {
  return applyAttributeMappings(db, key, config.attributeMappings, progress, observe);
}
