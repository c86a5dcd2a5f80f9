import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import type { User } from '../../db/generated/client.js';
import { jsonObject } from '../../domain/common.js';
import { PROFILE_SOURCES } from '../../domain/profile.js';
import { notFound } from '../../errors/index.js';

const attributeSources = z.record(z.string(), z.enum(PROFILE_SOURCES)).catch({});

/** The email a user holds while active: the key of the case-insensitive uniqueness. */
export function activeEmailOf(email: string | null | undefined, deletedAt: Date | null = null): string | null {
  return email && !deletedAt ? email.trim().toLowerCase() : null;
}

export function toUserView(user: User) {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    roles: user.roles,
    active: user.active,
    confirmed: user.confirmed,
    iss: user.iss,
    sub: user.sub,
    upstreamIssuer: user.upstreamIssuer,
    upstreamId: user.upstreamId,
    profile: {
      title: user.title,
      department: user.department,
      phoneNumber: user.phoneNumber,
      location: user.location,
      employeeId: user.employeeId,
      costCenter: user.costCenter,
      startDate: user.startDate,
      managerId: user.managerId,
      custom: jsonObject.parse(user.customAttributes),
    },
    attributeSources: attributeSources.parse(user.attributeSources),
    deletedAt: user.deletedAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export type UserView = ReturnType<typeof toUserView>;

export async function loadUser(
  db: DatabaseClient,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<User> {
  const user = await db.user.findUnique({ where: { id } });
  if (!user || (user.deletedAt && !options.includeDeleted)) throw notFound('User');
  return user;
}
