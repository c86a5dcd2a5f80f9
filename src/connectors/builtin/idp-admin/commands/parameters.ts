import { z } from 'zod';

// Parameter pieces several commands share.

export const keycloakId = (description: string) => z.string().min(1).describe(description);
export const userId = keycloakId('Keycloak user id');
export const membershipParameters = z.object({ userId, groupId: keycloakId('Keycloak group id') }).strict();
