import type { ScimGroup, UserGroup } from '../db/generated/client.js';
import { coerceValue, memberId, type JsonObject } from './patch.js';
import { GROUP_ATTRIBUTES, GROUP_SCHEMA } from './schemas.js';
import { invalidValue } from './scim-errors.js';
import { versionOf } from './user-resource.js';

export interface ScimGroupRow {
  scimGroup: ScimGroup;
  group: UserGroup;
}

export interface GroupMember {
  userId: string;
  email: string | null;
  displayName: string | null;
}

export interface ParsedScimGroup {
  displayName: string;
  externalId: string | null;
  /** Undefined when the resource has no `members` attribute. */
  members: string[] | undefined;
}

/** Reads a Group resource body (POST, PUT); names case-insensitive, unknown attributes ignored. */
export function parseGroupBody(body: unknown): ParsedScimGroup {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidValue('A Group resource must be a JSON object');
  }
  const document: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    const attribute = GROUP_ATTRIBUTES.get(key.toLowerCase());
    if (attribute && attribute.mutability !== 'readOnly' && value !== undefined) {
      document[attribute.name] = coerceValue(attribute, value);
    }
  }
  return parseGroupDocument(document);
}

export function parseGroupDocument(document: JsonObject): ParsedScimGroup {
  const displayName = typeof document.displayName === 'string' ? document.displayName.trim() : '';
  if (!displayName) throw invalidValue('displayName is required');
  const members = Array.isArray(document.members)
    ? (document.members as JsonObject[]).map((member) => {
        if (typeof member.value !== 'string' || !member.value.trim()) {
          throw invalidValue('Each member needs a value (the user id)');
        }
        return memberId(member.value);
      })
    : undefined;
  return {
    displayName,
    externalId: typeof document.externalId === 'string' && document.externalId !== '' ? document.externalId : null,
    members: members && [...new Set(members)],
  };
}

/** `members` is left out when the caller excluded it (Entra asks for groups with excludedAttributes=members). */
export function toScimGroup(row: ScimGroupRow, members: GroupMember[] | undefined, baseUrl: string): JsonObject {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.group.id,
    ...(row.scimGroup.externalId !== null ? { externalId: row.scimGroup.externalId } : {}),
    displayName: row.group.name,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.userId,
            $ref: `${baseUrl}/Users/${member.userId}`,
            display: member.displayName ?? member.email ?? undefined,
            type: 'User',
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.scimGroup.createdAt.toISOString(),
      lastModified: row.scimGroup.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${row.group.id}`,
      version: versionOf(row.scimGroup.version),
    },
  };
}
