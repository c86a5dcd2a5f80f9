import { z } from 'zod';

// Parameter pieces several commands share.

/**
 * An id that goes into an Admin API path as one segment. `encodeURIComponent` leaves `.` and `..`
 * as they are and the URL parser would then resolve them, so `removeFromGroup` with user id `..`
 * would delete the group itself: such ids are refused.
 */
export const keycloakId = (description: string) =>
  z
    .string()
    .min(1)
    .regex(/^(?!\.{1,2}$)/, 'must not be . or ..')
    .describe(description);
export const userId = keycloakId('Keycloak user id');
export const membershipParameters = z.object({ userId, groupId: keycloakId('Keycloak group id') }).strict();
