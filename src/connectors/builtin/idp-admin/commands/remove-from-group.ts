import { defineCommand } from '../command.js';
import { isDirectMember } from './direct-membership.js';
import { membershipParameters } from './parameters.js';

export const removeFromGroup = defineCommand({
  description: 'Ends the direct membership. Idempotent: Keycloak ignores a missing membership.',
  idempotent: true,
  writes: true,
  parameters: membershipParameters,
  async run(realm, { userId, groupId }) {
    const wasMember = await isDirectMember(realm, userId, groupId);
    // Sent even for a non-member: Keycloak then still answers 404 for an unknown group.
    await realm.adminOk('DELETE', `/users/${encodeURIComponent(userId)}/groups/${encodeURIComponent(groupId)}`);
    return { success: true, data: { userId, groupId, changed: wasMember } };
  },
});
