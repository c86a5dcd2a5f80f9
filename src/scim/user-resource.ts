import type { ScimIdentity, User } from '../db/generated/client.js';
import { coerceValue, type JsonObject } from './patch.js';
import { ENTERPRISE_USER_SCHEMA, INDEXED_TEXT_MAX_LENGTH, USER_ATTRIBUTES, USER_SCHEMA } from './schemas.js';
import { invalidValue } from './scim-errors.js';

export interface ScimUserRow {
  user: User;
  identity: ScimIdentity;
}

/** A User resource as the service keeps it: the user's own columns and the rest of the resource. */
export interface ParsedScimUser {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  active: boolean | undefined;
  /** The user's email: userName when it is an address, else the work, primary or first email. */
  email: string;
  /** Every email that may identify an existing user, in order of preference. */
  candidateEmails: string[];
  /** The rest of the resource (name, emails, enterprise extension...), stored on the identity. */
  attributes: JsonObject;
}

// Never stored: read-only attributes, and `password` (no password changes, spec 4.10).
const DROPPED = new Set(['schemas', 'id', 'meta', 'password', 'groups']);
const OWN_COLUMNS = new Set(['userName', 'externalId', 'displayName', 'active']);
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Canonicalises a User resource body: attribute names to their schema case (names are
 * case-insensitive), "True"/"False" strings to booleans, unknown attributes dropped.
 */
export function userDocumentFromBody(body: unknown): JsonObject {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidValue('A User resource must be a JSON object');
  }
  const document: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    const attribute = USER_ATTRIBUTES.get(key.toLowerCase());
    if (!attribute || DROPPED.has(attribute.name) || value === undefined) continue;
    document[attribute.name] = coerceValue(attribute, value);
  }
  return document;
}

/** The first `maxLength` UTF-16 units of `text`, never splitting a character in two. */
function cutToLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = '';
  for (const character of text) {
    if (cut.length + character.length > maxLength) break;
    cut += character;
  }
  return cut;
}

/** Reads the service's view of a canonical User document; a user without an email address is an invalidValue. */
export function parseUserDocument(document: JsonObject): ParsedScimUser {
  const userName = typeof document.userName === 'string' ? document.userName.trim() : '';
  if (!userName) throw invalidValue('userName is required');
  const attributes: JsonObject = {};
  for (const [key, value] of Object.entries(document)) {
    if (!OWN_COLUMNS.has(key) && !DROPPED.has(key) && value !== null) attributes[key] = value;
  }
  const emails = Array.isArray(document.emails) ? (document.emails as JsonObject[]) : [];
  const emailValue = (item: JsonObject | undefined) => (typeof item?.value === 'string' ? item.value.trim() : '');
  const candidateEmails = [
    userName,
    emailValue(emails.find((item) => String(item.type ?? '').toLowerCase() === 'work')),
    emailValue(emails.find((item) => item.primary === true)),
    emailValue(emails[0]),
  ].filter((value, index, all) => EMAIL_SHAPE.test(value) && all.indexOf(value) === index);
  const name = document.name as JsonObject | undefined;
  const composedName = [name?.givenName, name?.familyName].filter((part) => typeof part === 'string').join(' ');
  const nameOfParts = (typeof name?.formatted === 'string' && name.formatted.trim()) || composedName.trim();
  const displayName =
    (typeof document.displayName === 'string' && document.displayName.trim()) ||
    // displayName itself is checked for length; one made from the name is cut to fit (the whole
    // name stays in the resource).
    cutToLength(nameOfParts, INDEXED_TEXT_MAX_LENGTH).trimEnd() ||
    null;
  const email = candidateEmails[0];
  if (!email) throw invalidValue('userName, a work email or a primary email must be an email address');
  return {
    userName,
    externalId: typeof document.externalId === 'string' && document.externalId !== '' ? document.externalId : null,
    displayName,
    active: typeof document.active === 'boolean' ? document.active : undefined,
    email,
    candidateEmails,
    attributes,
  };
}

/** The resource as PATCH operations see it: everything but id, meta and schemas. */
export function userDocumentOf({ user, identity }: ScimUserRow): JsonObject {
  const stored = identity.attributes;
  const attributes = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  return {
    ...(identity.externalId !== null ? { externalId: identity.externalId } : {}),
    userName: identity.userName,
    ...(attributes as JsonObject),
    ...(user.displayName !== null ? { displayName: user.displayName } : {}),
    active: user.active,
  };
}

export function versionOf(version: number): string {
  return `W/"${version}"`;
}

export function toScimUser(row: ScimUserRow, baseUrl: string): JsonObject {
  const document = userDocumentOf(row);
  return {
    schemas: [USER_SCHEMA, ...(document[ENTERPRISE_USER_SCHEMA] ? [ENTERPRISE_USER_SCHEMA] : [])],
    id: row.user.id,
    ...document,
    meta: {
      resourceType: 'User',
      created: row.identity.createdAt.toISOString(),
      lastModified: row.identity.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${row.user.id}`,
      version: versionOf(row.identity.version),
    },
  };
}

/** JSON with object keys sorted, to compare documents whatever order their attributes came in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
