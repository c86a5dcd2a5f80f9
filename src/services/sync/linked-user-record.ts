import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import type { LinkedUserRecord } from '../../connectors/handler.js';
import { jsonObject } from '../../domain/common.js';

/** The match statuses that link a record to its user: what matching decided, or a person did. */
const LINKED_STATUSES = ['matched', 'manual_override'];

/**
 * The `linkedUserRecord` of one connector's execution context: the user record of that connector
 * a Flowgate user is linked to by a sync match. Only the matches of `connectorId` are read, so a
 * command can never reach another connector's records through it. An id that is no UUID is no
 * user's, and finds nothing.
 */
export function linkedUserRecords(
  db: DatabaseClient,
  connectorId: string,
): (userId: string) => Promise<LinkedUserRecord | undefined> {
  return async (userId) => {
    if (!z.uuid().safeParse(userId).success) return undefined;
    const matches = await db.syncMatch.findMany({
      where: {
        connectorId,
        resourceType: 'user',
        userId,
        matchStatus: { in: LINKED_STATUSES },
        connectorResource: { connectorId },
      },
      select: {
        matchStatus: true,
        connectorResource: { select: { externalId: true, attributes: true, staleSince: true } },
      },
    });
    // A user linked to several records (two accounts resolved to one person) gets the one still in
    // the directory, and among those the one a person linked; the external id settles the rest.
    const [chosen] = matches.sort(
      (a, b) =>
        Number(a.connectorResource.staleSince !== null) - Number(b.connectorResource.staleSince !== null) ||
        Number(a.matchStatus !== 'manual_override') - Number(b.matchStatus !== 'manual_override') ||
        a.connectorResource.externalId.localeCompare(b.connectorResource.externalId),
    );
    if (!chosen) return undefined;
    const attributes = jsonObject.safeParse(chosen.connectorResource.attributes);
    return {
      externalId: chosen.connectorResource.externalId,
      attributes: attributes.success ? attributes.data : {},
    };
  };
}
