import { z } from 'zod';
import type { ListedResource } from '../../handler.js';

// Keycloak representations: only the fields used here are checked; the rest pass through.

export const realmRepresentation = z.looseObject({
  id: z.string().optional(),
  realm: z.string(),
  displayName: z.string().optional(),
  enabled: z.boolean().optional(),
});
export const userRepresentation = z.looseObject({
  id: z.string(),
  username: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  enabled: z.boolean().optional(),
  emailVerified: z.boolean().optional(),
  createdTimestamp: z.number().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  federationLink: z.string().optional(),
});
export const groupRepresentation = z.looseObject({
  id: z.string(),
  name: z.string(),
  path: z.string().optional(),
  subGroupCount: z.number().optional(),
  subGroups: z.array(z.unknown()).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export const roleRepresentation = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  composite: z.boolean().optional(),
  clientRole: z.boolean().optional(),
});
export const federatedIdentity = z.looseObject({ identityProvider: z.string() });

export function userResource(user: z.output<typeof userRepresentation>): ListedResource {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    externalId: user.id,
    displayName: user.username || fullName || user.id,
    email: user.email ?? null,
    attributes: {
      username: user.username ?? null,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      enabled: user.enabled ?? null,
      emailVerified: user.emailVerified ?? null,
      createdTimestamp: user.createdTimestamp ?? null,
      attributes: user.attributes ?? {},
      federationLink: user.federationLink ?? null,
    },
  };
}

export function groupResource(group: z.output<typeof groupRepresentation>): ListedResource {
  return {
    externalId: group.id,
    displayName: group.name,
    email: null,
    attributes: {
      path: group.path ?? null,
      subGroupCount: group.subGroupCount ?? group.subGroups?.length ?? null,
      attributes: group.attributes ?? {},
    },
  };
}

export function roleResource(role: z.output<typeof roleRepresentation>): ListedResource {
  return {
    externalId: role.id,
    displayName: role.name,
    email: null,
    attributes: {
      description: role.description ?? null,
      composite: role.composite ?? false,
      clientRole: role.clientRole ?? false,
    },
  };
}
