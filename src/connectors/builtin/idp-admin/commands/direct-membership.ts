import { z } from 'zod';
import { expectShape, type KeycloakRealm } from '../keycloak-client.js';

const MEMBERSHIP_PAGE_SIZE = 100;

/** Whether the user is a direct member of the group, paging through the user's groups. */
export async function isDirectMember(realm: KeycloakRealm, userId: string, groupId: string): Promise<boolean> {
  for (let first = 0; ; first += MEMBERSHIP_PAGE_SIZE) {
    const response = await realm.adminOk('GET', `/users/${encodeURIComponent(userId)}/groups`, {
      query: { first, max: MEMBERSHIP_PAGE_SIZE, briefRepresentation: true },
    });
    const groups = expectShape(z.array(z.looseObject({ id: z.string() })), response);
    if (groups.some((group) => group.id === groupId)) return true;
    if (groups.length < MEMBERSHIP_PAGE_SIZE) return false;
  }
}
