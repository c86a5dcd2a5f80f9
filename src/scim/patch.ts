import { z } from 'zod';
import { unstorableTextProblem } from '../domain/storable-text.js';
import { quotedText } from './filter.js';
import type { AttributeDefinition, ResourceAttributes } from './schemas.js';
import { invalidPath, invalidSyntax, invalidValue, mutability, noTarget } from './scim-errors.js';

export type PatchOpName = 'add' | 'replace' | 'remove';

/** A PATCH path resolved against the resource's attributes: `attr`, `attr.sub`, `attr[x eq v]`, `attr[x eq v].sub`. */
export interface PatchPath {
  raw: string;
  attribute: AttributeDefinition;
  valueFilter?: { attribute: string; value: string | boolean };
  subAttribute?: AttributeDefinition;
}

export interface PatchOperation {
  op: PatchOpName;
  path?: PatchPath;
  value?: unknown;
}

export type JsonObject = Record<string, unknown>;

const patchRequestSchema = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(z.looseObject({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() }))
    .min(1),
});

const SIMPLE_PATH = new RegExp(
  String.raw`^([A-Za-z][\w$-]*)(?:\[\s*([A-Za-z][\w$-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*\])?(?:\.([A-Za-z$][\w$-]*))?$`,
  'i',
);
const IGNORED_KEYS = new Set(['schemas', 'id', 'meta']);

/**
 * Normalises a PatchOp body into operations: op names case-insensitive (Entra sends "Replace"),
 * a value object without a path expanded into one operation per attribute (its keys may be paths
 * themselves, as Entra sends `name.givenName`), and every path resolved against `attributes`.
 */
export function normalisePatchRequest(
  body: unknown,
  attributes: ResourceAttributes,
  coreSchema: string,
): PatchOperation[] {
  const parsed = patchRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw invalidSyntax('A PATCH body is { schemas: [PatchOp], Operations: [{ op, path?, value? }, ...] }');
  }
  const operations: PatchOperation[] = [];
  for (const { op: rawOp, path, value } of parsed.data.Operations) {
    const op = rawOp.trim().toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw invalidSyntax(`Unsupported PATCH op "${rawOp}": use add, replace or remove`);
    }
    if (path !== undefined && path.trim() !== '') {
      operations.push({ op, path: parsePatchPath(path, attributes, coreSchema), value });
      continue;
    }
    if (op === 'remove') throw noTarget('A remove operation needs a path');
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw invalidValue(`A ${op} operation without a path needs an object value`);
    }
    for (const [key, inner] of Object.entries(value)) {
      if (IGNORED_KEYS.has(key.toLowerCase())) continue;
      operations.push({ op, path: parsePatchPath(key, attributes, coreSchema), value: inner });
    }
  }
  return operations;
}

export function parsePatchPath(raw: string, attributes: ResourceAttributes, coreSchema: string): PatchPath {
  let text = raw.trim();
  const corePrefix = `${coreSchema}:`.toLowerCase();
  if (text.toLowerCase().startsWith(corePrefix)) text = text.slice(corePrefix.length);

  // A whole extension (<schema URN>), or one of its attributes: <schema URN>:<attribute>[.<sub>]
  for (const [key, definition] of attributes) {
    if (key.startsWith('urn:') && text.toLowerCase() === key) return { raw, attribute: definition };
    if (!key.startsWith('urn:') || !text.toLowerCase().startsWith(`${key}:`)) continue;
    const rest = text.slice(key.length + 1).split('.')[0] ?? '';
    const subAttribute = findSub(definition, rest);
    if (!subAttribute) throw invalidPath(`Unsupported path: ${raw}`);
    return { raw, attribute: definition, subAttribute };
  }

  const match = SIMPLE_PATH.exec(text);
  if (!match) throw invalidPath(`Unsupported path: ${raw}`);
  const [, name = '', filterAttribute, filterValue, sub] = match;
  const attribute = attributes.get(name.toLowerCase());
  if (!attribute) throw invalidPath(`Unsupported path: ${raw}`);
  if (attribute.mutability === 'readOnly') throw mutability(`${attribute.name} is read-only`);
  const path: PatchPath = { raw, attribute };
  if (filterAttribute !== undefined && filterValue !== undefined) {
    if (!attribute.multiValued || !findSub(attribute, filterAttribute)) {
      throw invalidPath(`Unsupported value filter in path: ${raw}`);
    }
    path.valueFilter = { attribute: findSub(attribute, filterAttribute)!.name, value: filterValueOf(filterValue, raw) };
  }
  if (sub !== undefined) {
    const subAttribute = findSub(attribute, sub);
    if (!subAttribute) throw invalidPath(`Unsupported path: ${raw}`);
    if (attribute.multiValued && !path.valueFilter) throw invalidPath(`Select values with a filter: ${raw}`);
    path.subAttribute = subAttribute;
  }
  return path;
}

/** The value of a path's value filter: true, false or a quoted string. */
function filterValueOf(raw: string, path: string): string | boolean {
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  const text = quotedText(raw);
  if ('problem' in text) throw invalidPath(`Unsupported value filter in path ${path}: filter values ${text.problem}`);
  return text.value;
}

function findSub(attribute: AttributeDefinition, name: string): AttributeDefinition | undefined {
  return attribute.subAttributes?.find((sub) => sub.name.toLowerCase() === name.toLowerCase());
}

/** A SCIM boolean, accepting the strings "True" and "False" that Entra sends. */
export function scimBoolean(value: unknown, what: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw invalidValue(`${what} must be a boolean`);
}

/**
 * A string attribute's value. PostgreSQL refuses the NUL character and unpaired surrogates, and
 * indexed attributes have a maximum length: all client errors, found here before anything
 * reaches the database.
 */
function scimString(attribute: AttributeDefinition, value: unknown): string {
  if (typeof value !== 'string') throw invalidValue(`${attribute.name} must be a string`);
  const problem = unstorableTextProblem(value);
  if (problem) throw invalidValue(`${attribute.name} ${problem.message}`);
  if (attribute.maxLength !== undefined && value.length > attribute.maxLength) {
    throw invalidValue(`${attribute.name} is at most ${attribute.maxLength} characters`);
  }
  return value;
}

/** Coerces a value to the attribute's definition: booleans from strings, sub-attribute names to their case. */
export function coerceValue(attribute: AttributeDefinition, value: unknown, single = false): unknown {
  if (value === null) return null;
  if (attribute.multiValued && !single) {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => coerceValue(attribute, item, true));
  }
  switch (attribute.type) {
    case 'boolean':
      return scimBoolean(value, attribute.name);
    case 'complex': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        // Entra sends the enterprise manager as a bare id; values of emails and the like are objects.
        if (typeof value === 'string' && !attribute.multiValued && findSub(attribute, 'value')) {
          return { value: coerceValue(findSub(attribute, 'value')!, value) };
        }
        throw invalidValue(
          attribute.multiValued
            ? `Each value of ${attribute.name} must be an object`
            : `${attribute.name} must be an object`,
        );
      }
      const result: JsonObject = {};
      for (const [key, inner] of Object.entries(value as JsonObject)) {
        const sub = findSub(attribute, key);
        // Errors name the full path (emails.value), not just the sub-attribute.
        if (sub) result[sub.name] = coerceValue({ ...sub, name: `${attribute.name}.${sub.name}` }, inner);
      }
      return result;
    }
    default:
      return scimString(attribute, value);
  }
}

/** Applies operations to a resource document (attributes by canonical name); pure. */
export function applyPatch(document: JsonObject, operations: readonly PatchOperation[]): JsonObject {
  const result = structuredClone(document);
  for (const operation of operations) applyOne(result, operation);
  return result;
}

function applyOne(document: JsonObject, { op, path, value }: PatchOperation): void {
  if (!path) throw noTarget('Operation without a target');
  const { attribute, valueFilter, subAttribute } = path;
  const key = attribute.name;
  if (attribute.multiValued) {
    const current = Array.isArray(document[key]) ? (document[key] as JsonObject[]) : [];
    if (valueFilter) {
      document[key] = applyToSelectedValues(current, path, op, value);
      return;
    }
    if (op === 'remove') {
      if (value === undefined) delete document[key];
      else {
        const removed = new Set((coerceValue(attribute, value) as JsonObject[]).map((item) => String(item.value)));
        document[key] = current.filter((item) => !removed.has(String(item.value)));
      }
      return;
    }
    const incoming = coerceValue(attribute, value) as JsonObject[] | null;
    if (op === 'replace' || incoming === null) {
      document[key] = incoming ?? [];
      return;
    }
    const seen = new Set(current.map((item) => JSON.stringify(item.value)));
    document[key] = [...current, ...incoming.filter((item) => !seen.has(JSON.stringify(item.value)))];
    return;
  }
  if (subAttribute) {
    const parent = isObject(document[key]) ? (document[key] as JsonObject) : {};
    if (op === 'remove') delete parent[subAttribute.name];
    else parent[subAttribute.name] = coerceValue(subAttribute, value);
    document[key] = parent;
    return;
  }
  if (op === 'remove') {
    delete document[key];
    return;
  }
  const coerced = coerceValue(attribute, value);
  // RFC 7644 3.5.2.1 and 3.5.2.3: sub-attributes not in the value are left as they are.
  document[key] =
    attribute.type === 'complex' && isObject(coerced) && isObject(document[key])
      ? { ...(document[key] as JsonObject), ...(coerced as JsonObject) }
      : coerced;
}

function applyToSelectedValues(
  values: JsonObject[],
  path: PatchPath,
  op: PatchOpName,
  value: unknown,
): JsonObject[] | undefined {
  const { attribute, valueFilter, subAttribute } = path;
  const filter = valueFilter!;
  const selected = (item: JsonObject) =>
    typeof filter.value === 'boolean'
      ? item[filter.attribute] === filter.value
      : String(item[filter.attribute] ?? '').toLowerCase() === filter.value.toLowerCase();
  const matches = values.filter(selected);
  if (op === 'remove') {
    // Removing a selected value's `value` removes the value itself; removing nothing is a no-op.
    if (!subAttribute || subAttribute.name === 'value') return values.filter((item) => !selected(item));
    return values.map((item) => {
      if (!selected(item)) return item;
      const { [subAttribute.name]: _removed, ...rest } = item;
      return rest;
    });
  }
  const patchOf = (): JsonObject =>
    subAttribute
      ? { [subAttribute.name]: coerceValue(subAttribute, value) }
      : (coerceValue(attribute, value, true) as JsonObject);
  if (matches.length === 0) {
    // emails[type eq "work"].value on a user without a work email: that value is created, as Entra expects.
    if (filter.attribute === 'type' && typeof filter.value === 'string') {
      return [...values, { type: filter.value, ...patchOf() }];
    }
    throw noTarget(`No value matches ${path.raw}`);
  }
  return values.map((item) => (selected(item) ? { ...item, ...patchOf() } : item));
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a group PATCH does to its members, reduced from its operations in order. */
export type MemberChanges =
  | { kind: 'none' }
  | { kind: 'delta'; add: Set<string>; remove: Set<string> }
  | { kind: 'replace'; members: Set<string> };

/**
 * A member's id as the database writes user ids: UUIDs in lower case. Clients may send capitals
 * (Okta does), which PostgreSQL reads as the same uuid, but the ids are compared here as text.
 */
export const memberId = (value: string) => value.trim().toLowerCase();

/** Member ids of a `members` value: `[{ value: id }, ...]` or one such object. */
function memberIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => {
    const id = isObject(item) ? item.value : undefined;
    if (typeof id !== 'string' || id.trim() === '') throw invalidValue('Each member needs a value (the user id)');
    return memberId(id);
  });
}

/**
 * Splits a group PATCH into member changes and the other operations. Handles add and replace of
 * `members`, remove with `members[value eq "id"]`, remove with a value list (Entra), and remove of all.
 */
export function splitMemberOperations(operations: readonly PatchOperation[]): {
  members: MemberChanges;
  others: PatchOperation[];
} {
  let members: MemberChanges = { kind: 'none' };
  const others: PatchOperation[] = [];
  const delta = () => {
    if (members.kind === 'none') members = { kind: 'delta', add: new Set(), remove: new Set() };
    return members;
  };
  for (const operation of operations) {
    if (operation.path?.attribute.name !== 'members') {
      others.push(operation);
      continue;
    }
    const { op, path, value } = operation;
    if (path.subAttribute) throw invalidPath(`Unsupported path: ${path.raw}`);
    if (path.valueFilter && (op !== 'remove' || path.valueFilter.attribute !== 'value')) {
      throw invalidPath(`Unsupported path: ${path.raw}`);
    }
    if (op === 'replace') {
      members = { kind: 'replace', members: new Set(value === null ? [] : memberIds(value)) };
      continue;
    }
    const ids =
      op === 'remove' && path.valueFilter
        ? [memberId(String(path.valueFilter.value))]
        : op === 'remove' && value === undefined
          ? undefined
          : memberIds(value);
    if (ids === undefined) {
      members = { kind: 'replace', members: new Set() };
      continue;
    }
    const current = delta();
    for (const id of ids) {
      if (current.kind === 'replace') {
        if (op === 'add') current.members.add(id);
        else current.members.delete(id);
      } else if (current.kind === 'delta') {
        if (op === 'add') {
          current.add.add(id);
          current.remove.delete(id);
        } else {
          current.remove.add(id);
          current.add.delete(id);
        }
      }
    }
  }
  return { members, others };
}
