import type { FlowgateProfile } from '../../handler.js';

/**
 * From a Flowgate user's profile to a SCIM User (docs/connectors-scim.md "The mapping"): each
 * mapped SCIM attribute path takes the value of one profile source, and only mapped attributes are
 * ever written, so what the application keeps of its own is left alone.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

const MANAGER_PATH = `${ENTERPRISE_USER_SCHEMA}:manager`;
// Multi-valued attributes whose mapped value is the work, primary one.
const TYPED_MULTI_VALUED = new Set(['emails', 'phoneNumbers']);

/** SCIM attribute path → profile source. */
export const DEFAULT_MAPPING: Readonly<Record<string, string>> = {
  userName: 'email',
  externalId: 'id',
  displayName: 'displayName',
  'name.givenName': 'givenName',
  'name.familyName': 'familyName',
  title: 'title',
  emails: 'email',
  active: 'active',
  [`${ENTERPRISE_USER_SCHEMA}:employeeNumber`]: 'employeeId',
  [`${ENTERPRISE_USER_SCHEMA}:department`]: 'department',
  [`${ENTERPRISE_USER_SCHEMA}:costCenter`]: 'costCenter',
  [MANAGER_PATH]: 'managerId',
};

const PROFILE_FIELDS = [
  'id',
  'email',
  'displayName',
  'active',
  'title',
  'department',
  'phoneNumber',
  'location',
  'employeeId',
  'costCenter',
  'startDate',
  'managerId',
] as const;

/** The mapping of a connector: the defaults with its `mapping` setting over them (null drops one). */
export function effectiveMapping(overrides: Record<string, string | null> | undefined): Map<string, string> {
  const mapping = new Map(Object.entries(DEFAULT_MAPPING));
  for (const [path, source] of Object.entries(overrides ?? {})) {
    if (source === null) mapping.delete(path);
    else mapping.set(path, source);
  }
  return mapping;
}

/** Why a mapping cannot be used, or undefined. */
export function mappingProblem(mapping: Map<string, string>): string | undefined {
  for (const [path, source] of mapping) {
    if (!/^(urn:[^\s]+:)?[A-Za-z$][\w$-]*(\.[A-Za-z$][\w$-]*)?$/.test(path))
      return `mapping: ${path} is not a SCIM attribute path`;
    const known =
      (PROFILE_FIELDS as readonly string[]).includes(source) || ['givenName', 'familyName'].includes(source);
    if (!known && !/^custom\.[^.\s]+$/.test(source))
      return `mapping.${path}: ${source} is neither a profile field (${PROFILE_FIELDS.join(', ')}, givenName, familyName) nor custom.<attribute>`;
  }
  if (!mapping.has('userName')) return 'mapping: userName must be mapped';
  return undefined;
}

/** The value of a profile source; givenName and familyName fall back to the parts of displayName. */
export function sourceValue(profile: FlowgateProfile, source: string): unknown {
  if (source.startsWith('custom.')) return profile.customAttributes[source.slice('custom.'.length)];
  if (source === 'givenName' || source === 'familyName') {
    const own = profile.customAttributes[source];
    if (typeof own === 'string' && own.trim()) return own;
    const parts = (profile.displayName ?? '').trim().split(/\s+/).filter(Boolean);
    if (parts.length < 2) return source === 'givenName' ? parts[0] : undefined;
    return source === 'givenName' ? parts[0] : parts.slice(1).join(' ');
  }
  return profile[source as (typeof PROFILE_FIELDS)[number]];
}

/** A path split into its schema (the core User schema when it has no URN) and attribute names. */
export function splitPath(path: string): { schema: string; names: string[] } {
  const match = /^(urn:.+):([^:]+)$/.exec(path);
  if (match) return { schema: match[1]!, names: match[2]!.split('.') };
  return { schema: USER_SCHEMA, names: path.split('.') };
}

/** The SCIM value a mapped path gets from a source value; undefined when it has none. */
function scimValue(path: string, value: unknown, managerId: string | undefined): unknown {
  if (path === MANAGER_PATH) return managerId === undefined ? undefined : { value: managerId };
  if (value === undefined || value === null || value === '') return undefined;
  if (TYPED_MULTI_VALUED.has(path)) return [{ value: String(value), type: 'work', primary: true }];
  return value;
}

export type JsonObject = Record<string, unknown>;

export interface MappedUser {
  /** Mapped path → its SCIM value; undefined for a mapped attribute that has no value now. */
  values: Map<string, unknown>;
  userName: string | undefined;
  externalId: string | undefined;
}

/**
 * The values of every mapped attribute for `profile`. The manager is given by the Flowgate user id
 * its source names, and `managerAccountId` finds that user's account in the application.
 */
export async function mapUser(
  profile: FlowgateProfile,
  mapping: Map<string, string>,
  managerAccountId: (flowgateUserId: string) => Promise<string | undefined>,
): Promise<MappedUser> {
  const values = new Map<string, unknown>();
  for (const [path, source] of mapping) {
    const raw = sourceValue(profile, source);
    const managerId =
      path === MANAGER_PATH && typeof raw === 'string' && raw !== '' ? await managerAccountId(raw) : undefined;
    values.set(path, scimValue(path, raw, managerId));
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { values, userName: text(values.get('userName')), externalId: text(values.get('externalId')) };
}

/** A new User resource of the mapped values. */
export function userDocument(mapped: MappedUser): JsonObject {
  const document: JsonObject = { schemas: [USER_SCHEMA] };
  for (const [path, value] of mapped.values) if (value !== undefined) setAt(document, path, value);
  return document;
}

/** `document` with every mapped attribute set to its value, or removed when it has none. */
export function applyMapped(document: JsonObject, mapped: MappedUser): JsonObject {
  const next = structuredClone(document);
  for (const [path, value] of mapped.values) {
    if (value === undefined) removeAt(next, path);
    else setAt(next, path, value);
  }
  return next;
}

/**
 * The PATCH operations that bring `current` to the mapped values: a `replace` for each value that
 * differs, a `remove` for each mapped attribute that has a value there and none here.
 */
export function patchOperations(current: JsonObject, mapped: MappedUser): JsonObject[] {
  const operations: JsonObject[] = [];
  for (const [path, value] of mapped.values) {
    const present = valueAt(current, path);
    if (value === undefined) {
      if (present !== undefined && present !== null) operations.push({ op: 'remove', path });
    } else if (!sameValue(path, present, value)) {
      operations.push({ op: 'replace', path, value });
    }
  }
  return operations;
}

function sameValue(path: string, present: unknown, wanted: unknown): boolean {
  if (TYPED_MULTI_VALUED.has(path)) {
    const items = Array.isArray(present) ? (present as JsonObject[]) : [];
    const chosen = items.find((item) => item.primary === true) ?? items.find((item) => item.type === 'work');
    return items.length > 0 && chosen?.value === (wanted as JsonObject[])[0]!.value;
  }
  if (path === MANAGER_PATH) return (present as JsonObject | undefined)?.value === (wanted as JsonObject).value;
  return JSON.stringify(present) === JSON.stringify(wanted);
}

function container(document: JsonObject, path: string, create: boolean): { parent?: JsonObject; name: string } {
  const { schema, names } = splitPath(path);
  let parent: JsonObject | undefined = document;
  if (schema !== USER_SCHEMA) {
    if (create) {
      const schemas = Array.isArray(document.schemas) ? (document.schemas as string[]) : [USER_SCHEMA];
      if (!schemas.includes(schema)) document.schemas = [...schemas, schema];
    }
    parent = child(document, schema, create);
  }
  for (const name of names.slice(0, -1)) parent = parent && child(parent, name, create);
  return { parent, name: names.at(-1)! };
}

function child(parent: JsonObject, name: string, create: boolean): JsonObject | undefined {
  const existing = parent[name];
  if (existing !== null && typeof existing === 'object' && !Array.isArray(existing)) return existing as JsonObject;
  if (!create) return undefined;
  const created: JsonObject = {};
  parent[name] = created;
  return created;
}

function setAt(document: JsonObject, path: string, value: unknown): void {
  const { parent, name } = container(document, path, true);
  parent![name] = value;
}

function removeAt(document: JsonObject, path: string): void {
  const { parent, name } = container(document, path, false);
  if (parent) delete parent[name];
}

export function valueAt(document: JsonObject, path: string): unknown {
  const { parent, name } = container(document, path, false);
  return parent?.[name];
}
