import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import type { ScimSession } from '../command.js';
import { isUuid } from '../../../../domain/uuid.js';

/**
 * An id that goes into a SCIM path as one segment. `encodeURIComponent` leaves `.` and `..` as
 * they are and the URL parser would then resolve them, so such ids are refused.
 */
export const scimId = (description: string) =>
  z
    .string()
    .min(1)
    .max(1000)
    .regex(/^(?!\.{1,2}$)/, 'must not be . or ..')
    .describe(description);

export const person = scimId(
  'A Flowgate user id (its account in the application is found through the account link) or the account’s SCIM id',
);
export const flowgateUserId = z.uuid().describe('The Flowgate user id');

export interface Account {
  /** The account's SCIM id. */
  id: string;
  /** The Flowgate user it is linked to, when `person` named one. */
  userId?: string;
}

/**
 * The account `person` names: a Flowgate user's linked account, else the SCIM id itself. A
 * Flowgate user without a link is `not_found` rather than taken for a SCIM id.
 */
export async function accountOf(session: ScimSession, person: string): Promise<Account> {
  if (session.accounts && isUuid(person)) {
    const account = await session.accounts.account(person);
    if (account?.link) return { id: account.link.remoteId, userId: person };
    if (account)
      throw new ConnectorError(
        'not_found',
        `Flowgate user ${person} has no account linked in this application: createUser creates or links one`,
      );
  }
  return { id: person };
}

/** The SCIM ids of many people (`accountOf` each), with one look-up of their links. */
export async function accountIdsOf(session: ScimSession, people: readonly string[]): Promise<string[]> {
  const linked = new Map(
    session.accounts
      ? (await session.accounts.links(people.filter((one) => isUuid(one)))).map((link) => [link.userId, link.remoteId])
      : [],
  );
  const ids: string[] = [];
  for (const one of people) ids.push(linked.get(one) ?? (await accountOf(session, one)).id);
  return [...new Set(ids)];
}

/** The path of a resource by its SCIM id. */
export function resourcePath(type: '/Users' | '/Groups', id: string): string {
  return `${type}/${encodeURIComponent(id)}`;
}
