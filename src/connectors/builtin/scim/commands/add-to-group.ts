import { defineMembershipCommand } from './group-membership.js';

export const addToGroup = defineMembershipCommand(
  'add',
  'Adds the people to the group: PATCH members add, at most maxMembersPerPatch per request (without PATCH: the group read and written back with If-Match). Idempotent.',
);
