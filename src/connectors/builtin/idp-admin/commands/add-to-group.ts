import { defineCommand } from '../command.js';
import { isDirectMember } from './direct-membership.js';
import { membershipParameters } from './parameters.js';

export const addToGroup = defineCommand({
  description: 'Makes the user a direct member of the group. Idempotent: Keycloak ignores an existing membership.',
  idempotent: true,
  writes: true,
  parameters: membershipParameters,
  async run(realm, { userId, groupId }) {
    const wasMember = await isDirectMember(realm, userId, groupId);
    await realm.adminOk('PUT', `/users/${encodeURIComponent(userId)}/groups/${encodeURIComponent(groupId)}`);
    return { success: true, data: { userId, groupId, changed: !wasMember } };
  },
});
