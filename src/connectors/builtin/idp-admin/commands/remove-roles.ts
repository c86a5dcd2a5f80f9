import { z } from 'zod';
import { defineCommand } from '../command.js';
import { expectShape } from '../keycloak-client.js';
import { roleRepresentation } from '../representations.js';
import { userId } from './parameters.js';

export const removeRoles = defineCommand({
  description:
    'Removes the named realm roles from the user’s direct role mappings; roles it does not hold are reported in notAssigned. Idempotent.',
  idempotent: true,
  writes: true,
  parameters: z
    .object({ userId, roles: z.array(z.string().min(1)).min(1).describe('Names of realm roles to remove') })
    .strict(),
  async run(realm, { userId, roles }) {
    const path = `/users/${encodeURIComponent(userId)}/role-mappings/realm`;
    const assigned = expectShape(z.array(roleRepresentation), await realm.adminOk('GET', path));
    const wanted = new Set(roles);
    const toRemove = assigned.filter((role) => wanted.has(role.name));
    const removed = toRemove.map((role) => role.name);
    const notAssigned = [...wanted].filter((name) => !removed.includes(name));
    if (toRemove.length > 0) await realm.adminOk('DELETE', path, { body: toRemove });
    return { success: true, data: { userId, removed, notAssigned, changed: removed.length > 0 } };
  },
});
