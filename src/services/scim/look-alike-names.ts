import type { DatabaseClient } from '../../db/client.js';
import { lookAlikeKey } from '../../domain/look-alike.js';
import { uniqueness } from '../../scim/scim-errors.js';
import { activeEmailOf } from '../users/user-record.js';

/**
 * A SCIM client may not bring in an address or a group name that people would read as one that
 * exists (docs/scim.md, "Look-alike names"): `аdmin@corp` (Cyrillic а) beside `admin@corp` would
 * be picked in an approver list or a review by mistake. Exact duplicates are left to the unique
 * rules of each resource, which answer them already.
 */

interface Named {
  id: string;
  text: string;
}

/**
 * Those of `rows` whose key is `key`. An ASCII text is its own key once lower-cased, so the
 * callers read the texts equal to the key plus the few with characters beyond ASCII.
 */
const sameKey = (rows: Named[], key: string, selfId: string | undefined) =>
  rows.filter((row) => row.id !== selfId && lookAlikeKey(row.text) === key);

/** 409 uniqueness when another active user's email reads like `email`. */
export async function refuseLookAlikeEmail(tx: DatabaseClient, email: string, selfId?: string): Promise<void> {
  const address = activeEmailOf(email);
  if (!address) return;
  const key = lookAlikeKey(address);
  const rows = await tx.$queryRaw<Named[]>`
    SELECT id::text AS id, active_email AS text FROM users WHERE active_email = ${key}
    UNION ALL
    SELECT id::text, active_email FROM users
    WHERE octet_length(active_email) <> char_length(active_email)`;
  const lookAlikes = sameKey(rows, key, selfId).filter((row) => row.text !== address);
  if (lookAlikes.length === 0) return;
  throw uniqueness(
    `The email ${email} reads like the email of an existing account (letters of other scripts or case aside); ` +
      'use the existing account or a clearly different address',
  );
}

/** 409 uniqueness when another group's name reads like `name` (case, letters of other scripts). */
export async function refuseLookAlikeGroupName(tx: DatabaseClient, name: string, selfId?: string): Promise<void> {
  const key = lookAlikeKey(name);
  const rows = await tx.$queryRaw<Named[]>`
    SELECT id::text AS id, name AS text FROM user_groups
    WHERE lower(name) = ${key} OR octet_length(name) <> char_length(name)`;
  const lookAlikes = sameKey(rows, key, selfId).filter((row) => row.text !== name);
  if (lookAlikes.length === 0) return;
  throw uniqueness(
    `A group whose name reads like ${name} exists (case or letters of other scripts aside); use that group or a clearly different name`,
  );
}
