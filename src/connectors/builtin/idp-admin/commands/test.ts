import { z } from 'zod';
import { defineCommand } from '../command.js';
import { expectShape } from '../keycloak-client.js';
import { realmRepresentation } from '../representations.js';

export const test = defineCommand({
  description: 'Reads the realm (GET /admin/realms/{realm}) to check URL, credentials and roles.',
  idempotent: true,
  parameters: z.object({}).strict(),
  async run(realm) {
    const found = expectShape(realmRepresentation, await realm.adminOk('GET', ''));
    return {
      success: true,
      data: {
        realm: found.realm,
        id: found.id ?? null,
        displayName: found.displayName ?? null,
        enabled: found.enabled ?? null,
      },
    };
  },
});
