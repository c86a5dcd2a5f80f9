import { z } from 'zod';
import type { ListedResource } from '../../handler.js';
import { ENTERPRISE_USER_SCHEMA } from './user-mapping.js';

// SCIM resources as the connector reads them: only the attributes used here are checked.

const meta = z.looseObject({ lastModified: z.string().optional(), version: z.string().optional() }).optional();
const multiValued = z.array(z.looseObject({ value: z.unknown().optional(), primary: z.boolean().optional() }));

export const scimUser = z.looseObject({
  id: z.string().min(1),
  userName: z.string().optional(),
  externalId: z.string().optional(),
  displayName: z.string().optional(),
  active: z.boolean().optional(),
  name: z.looseObject({ givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  emails: multiValued.optional(),
  meta,
});
export type ScimUser = z.output<typeof scimUser>;

export const scimGroup = z.looseObject({
  id: z.string().min(1),
  displayName: z.string().optional(),
  externalId: z.string().optional(),
  members: z.array(z.looseObject({ value: z.string() })).optional(),
  meta,
});
export type ScimGroup = z.output<typeof scimGroup>;

export const listResponse = z.looseObject({
  // RFC 9865 §2: optional where the list pages by cursor.
  totalResults: z.number().int().min(0).optional(),
  nextCursor: z.string().min(1).optional(),
  startIndex: z.number().int().optional(),
  itemsPerPage: z.number().int().optional(),
  Resources: z.array(z.unknown()).optional(),
});

/** The email of a user: the primary one, else the first. */
function emailOf(user: ScimUser): string | null {
  const emails = user.emails ?? [];
  const chosen = emails.find((email) => email.primary === true) ?? emails[0];
  return typeof chosen?.value === 'string' ? chosen.value : null;
}

export function userResource(user: ScimUser): ListedResource {
  const enterprise = user[ENTERPRISE_USER_SCHEMA];
  return {
    externalId: user.id,
    displayName: user.displayName || user.userName || user.id,
    email: emailOf(user),
    attributes: {
      userName: user.userName ?? null,
      externalId: user.externalId ?? null,
      active: user.active ?? null,
      givenName: user.name?.givenName ?? null,
      familyName: user.name?.familyName ?? null,
      enterprise: enterprise !== null && typeof enterprise === 'object' ? enterprise : null,
      lastModified: user.meta?.lastModified ?? null,
    },
  };
}

export function groupResource(group: ScimGroup): ListedResource {
  return {
    externalId: group.id,
    displayName: group.displayName ?? group.id,
    email: null,
    attributes: {
      externalId: group.externalId ?? null,
      memberCount: group.members?.length ?? null,
      lastModified: group.meta?.lastModified ?? null,
    },
  };
}

/** A SCIM filter string literal (RFC 7644 §3.4.2.2: JSON string rules). */
export function filterLiteral(value: string): string {
  return JSON.stringify(value);
}
