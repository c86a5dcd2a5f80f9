import { defineMembershipCommand } from './group-membership.js';

export const removeFromGroup = defineMembershipCommand(
  'remove',
  'Removes the people from the group: PATCH remove members[value eq …], at most maxMembersPerPatch per request (without PATCH: the group read and written back with If-Match). Idempotent.',
);
