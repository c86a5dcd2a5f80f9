import { z } from 'zod';
import type { Database, DatabaseClient } from '../../db/client.js';
import type { ConnectorResource, User } from '../../db/generated/client.js';
import { jsonObject } from '../../domain/common.js';
import { LINKED_STATUSES } from '../../domain/sync-matches.js';
import { attributeMappingRuleSchema, MAPPING_TARGET_FIELDS, type AttributeMappingRule } from '../../domain/sync.js';
import { writeProfile, type ProfileChanges } from '../users/profile.js';
import { fitsProfileField, type ProfileField } from '../../domain/profile.js';
import type { RecordKey } from './record-store.js';

/**
 * Post-sync step (d) (sync item 6, spec 2.9): the enabled mapping rules of a config copy values
 * of linked records into their users' profiles, with source `connector`.
 */

const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
/** A stored JSON object, or an empty one when the column holds something else. */
const objectOrEmpty = jsonObject.catch({});

/** The fields of a synced record a source path is rooted at (spec 2.9). */
export interface SourceRecord {
  externalId: string;
  displayName: string;
  email: string | null;
  attributes: Record<string, unknown>;
}

/**
 * The value at a dot path of the record, reading own properties only; undefined when a segment
 * is missing, unsafe, or crosses a value that is not an object.
 */
export function readSourcePath(source: SourceRecord, path: string): unknown {
  let current: unknown = source;
  for (const segment of path.split('.')) {
    if (UNSAFE_SEGMENTS.has(segment)) return undefined;
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * The rules of a config that apply: each stored rule parsed on its own, so one rule that no
 * longer validates (an unsafe path written around the API) is skipped rather than stopping the
 * others; disabled rules and rules with a non-empty `transform` (reserved) are skipped too.
 */
export function applicableRules(stored: unknown): AttributeMappingRule[] {
  const rules = z.array(z.unknown()).nullable().catch(null).parse(stored) ?? [];
  return rules.flatMap((rule) => {
    const parsed = attributeMappingRuleSchema.safeParse(rule);
    if (!parsed.success || !parsed.data.enabled || (parsed.data.transform ?? '') !== '') return [];
    return [parsed.data];
  });
}

const isBuiltIn = (field: string): field is ProfileField =>
  (MAPPING_TARGET_FIELDS as readonly string[]).includes(field);
const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A built-in profile field holds text: scalars are written as text, anything else is not written. */
function builtInValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * The target of a rule that sets the user's manager rather than a profile value: the source holds
 * the manager's record in the same directory (its `externalId`, as the ldap connector gives
 * `manager`), and the user linked to that record becomes the manager.
 */
export const MANAGER_TARGET = 'managerId';

/** By externalId of a record of the config's connector and type: the user linked to it. */
export type LinkedUsers = ReadonlyMap<string, string>;

/**
 * What the rules write to a user's profile from a record: `overwrite_always` whenever the
 * record has a value, `overwrite_if_empty` only when the profile value is null, missing or
 * blank, `never_overwrite` never. Values equal to the profile's are left out. A manager is
 * written only when its record is linked to another user (`managers`).
 */
export function mappingChanges(
  rules: readonly AttributeMappingRule[],
  source: SourceRecord,
  user: User,
  managers: LinkedUsers = new Map(),
): ProfileChanges {
  const fields: Partial<Record<ProfileField, string>> = {};
  const custom: Record<string, unknown> = {};
  let managerId: string | undefined;
  const customAttributes = objectOrEmpty.parse(user.customAttributes);
  for (const rule of rules) {
    if (rule.writeMode === 'never_overwrite') continue;
    const raw = readSourcePath(source, rule.sourcePath);
    if (raw === undefined || raw === null) continue;
    const target = rule.targetField;
    if (target === MANAGER_TARGET) {
      const manager = typeof raw === 'string' ? managers.get(raw) : undefined;
      if (manager === undefined || manager === user.id || manager === user.managerId) continue;
      if (rule.writeMode === 'overwrite_if_empty' && user.managerId !== null) continue;
      managerId = manager;
    } else if (isBuiltIn(target)) {
      const value = builtInValue(raw);
      const current = user[target];
      // A value the profile would refuse (text over 500 characters, a start date that is not a date) is not written.
      if (value === undefined || value === current || !fitsProfileField(target, value)) continue;
      if (rule.writeMode === 'overwrite_if_empty' && !isEmpty(current)) continue;
      fields[target] = value;
    } else {
      const current = Object.hasOwn(customAttributes, target) ? customAttributes[target] : undefined;
      if (JSON.stringify(raw) === JSON.stringify(current)) continue;
      if (rule.writeMode === 'overwrite_if_empty' && !isEmpty(current)) continue;
      custom[target] = raw;
    }
  }
  return { fields, custom, ...(managerId === undefined ? {} : { managerId }) };
}

const hasChanges = (changes: ProfileChanges) =>
  Object.keys(changes.fields ?? {}).length > 0 ||
  Object.keys(changes.custom ?? {}).length > 0 ||
  changes.managerId !== undefined;

/**
 * The users linked to the records the batch's manager rules name, active and not deleted: one
 * query per batch rather than one per person.
 */
async function managersOf(
  db: DatabaseClient,
  key: RecordKey,
  rules: readonly AttributeMappingRule[],
  sources: readonly SourceRecord[],
): Promise<LinkedUsers> {
  const paths = rules.filter((rule) => rule.targetField === MANAGER_TARGET).map((rule) => rule.sourcePath);
  const named = new Set(
    sources.flatMap((source) =>
      paths.map((path) => readSourcePath(source, path)).filter((value): value is string => typeof value === 'string'),
    ),
  );
  if (named.size === 0) return new Map();
  const links = await db.syncMatch.findMany({
    where: {
      connectorId: key.connectorId,
      resourceType: key.resourceType,
      matchStatus: { in: [...LINKED_STATUSES] },
      user: { active: true, deletedAt: null },
      connectorResource: { externalId: { in: [...named] } },
    },
    select: { userId: true, connectorResource: { select: { externalId: true } } },
  });
  return new Map(links.flatMap((link) => (link.userId ? [[link.connectorResource.externalId, link.userId]] : [])));
}

export const sourceRecordOf = (resource: ConnectorResource): SourceRecord => ({
  externalId: resource.externalId,
  displayName: resource.displayName,
  email: resource.email,
  attributes: objectOrEmpty.parse(resource.attributes),
});

const BATCH_SIZE = 500;

/**
 * Applies the rules to the profile of every user linked (`matched` or `manual_override`) to a
 * current record of the connector and type; returns how many profiles changed. Stale records
 * are left out: their values are no longer the directory's.
 */
export async function applyAttributeMappings(
  db: Database,
  key: RecordKey,
  storedRules: unknown,
  progress: () => void = () => {},
  /** Told of each profile written, with the user as it was and the changes: how a preview lists them. */
  observe: (before: User, changes: ProfileChanges) => void = () => {},
): Promise<number> {
  const rules = applicableRules(storedRules);
  if (rules.length === 0) return 0;
  let updated = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await db.syncMatch.findMany({
      where: {
        connectorId: key.connectorId,
        resourceType: key.resourceType,
        matchStatus: { in: [...LINKED_STATUSES] },
        user: { deletedAt: null },
        connectorResource: { staleSince: null },
        ...(after ? { id: { gt: after } } : {}),
      },
      include: { user: true, connectorResource: true },
      orderBy: { id: 'asc' },
      take: BATCH_SIZE,
    });
    if (batch.length === 0) return updated;
    after = batch.at(-1)!.id;
    const managers = await managersOf(
      db,
      key,
      rules,
      batch.map((match) => sourceRecordOf(match.connectorResource)),
    );
    for (const match of batch) {
      if (!match.user) continue;
      const source = sourceRecordOf(match.connectorResource);
      if (!hasChanges(mappingChanges(rules, source, match.user, managers))) continue;
      const userId = match.user.id;
      // Decided again on the locked row: a profile edited since the batch was read is respected.
      const wrote = await db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
        const before = await tx.user.findUniqueOrThrow({ where: { id: userId } });
        const changes = mappingChanges(rules, source, before, managers);
        if (!hasChanges(changes)) return false;
        observe(before, changes);
        await writeProfile(tx, userId, changes, 'connector');
        return true;
      });
      if (wrote) updated += 1;
    }
    progress();
  }
}
