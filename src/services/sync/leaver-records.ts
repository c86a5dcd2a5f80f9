import { Prisma } from '../../db/client.js';
import type { LeaverReason } from '../../domain/sync.js';

/**
 * Which synced user records are leavers (docs/sync.md, post-sync step 3): a record no pass sees
 * any more (stale), and, when the config's `deactivateDisabledUsers` is on, a record the connector
 * reports disabled. The attribute contract is docs/connectors.md's: `attributes.enabled` exactly
 * `false` means disabled; absent, null or anything else means enabled.
 */

export interface LeaverRules {
  /** `deactivateDisabledUsers` of the config: a record reported disabled is a leaver too. */
  disabled: boolean;
}

/**
 * SQL: the connector_resources row `alias` reports a disabled account. Containment is false, not
 * NULL, for a record without the attribute, so `NOT` of it stays true.
 */
export const disabledRecord = (alias: string) =>
  Prisma.sql`${Prisma.raw(alias)}.attributes @> '{"enabled": false}'::jsonb`;

/** SQL: the connector_resources row `alias` is a leaver under `rules`. */
export const leaverRecord = (alias: string, rules: LeaverRules) =>
  rules.disabled
    ? Prisma.sql`(${Prisma.raw(alias)}.stale_since IS NOT NULL OR ${disabledRecord(alias)})`
    : Prisma.sql`${Prisma.raw(alias)}.stale_since IS NOT NULL`;

/** SQL: why the leaver record `alias` is one: 'stale' or 'disabled'. */
export const leaverReason = (alias: string) =>
  Prisma.sql`CASE WHEN ${Prisma.raw(alias)}.stale_since IS NOT NULL THEN 'stale' ELSE 'disabled' END`;

/** The reason as the audit entries say it. */
export const LEAVER_REASON_TEXT: Record<LeaverReason, string> = {
  stale: 'linked record is stale',
  disabled: 'linked record is disabled upstream',
};
