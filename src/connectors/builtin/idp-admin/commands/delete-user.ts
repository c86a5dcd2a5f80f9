import { z } from 'zod';
import { defineCommand } from '../command.js';
import { statusFailure } from '../keycloak-client.js';
import { userId } from './parameters.js';

export const deleteUser = defineCommand({
  description: 'Deletes the user. Idempotent: a user that no longer exists counts as deleted (changed: false).',
  idempotent: true,
  writes: true,
  parameters: z.object({ userId }).strict(),
  async run(realm, { userId }) {
    const response = await realm.admin('DELETE', `/users/${encodeURIComponent(userId)}`);
    // Keycloak cannot tell a deleted user from one that never existed; both mean "absent".
    if (response.status === 404) return { success: true, data: { userId, changed: false } };
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    return { success: true, data: { userId, changed: true } };
  },
});
