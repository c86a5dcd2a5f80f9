import { ConnectorError } from '../../../connector-error.js';
import type { AccountLink, ConnectorAccounts } from '../../../handler.js';
import type { ScimSession } from '../command.js';
import { mapUser, type MappedUser } from '../user-mapping.js';

/** The connector's account links (commands that map Flowgate users need them). */
export function accountsOf(session: ScimSession): ConnectorAccounts {
  if (!session.accounts)
    throw new ConnectorError(
      'invalid_configuration',
      'This command maps a Flowgate user and keeps an account link: it runs only for a saved connector',
    );
  return session.accounts;
}

/**
 * The user's mapped SCIM attributes (the manager by the account linked to the manager) and the
 * user's own link.
 */
export async function mappedUserOf(
  session: ScimSession,
  userId: string,
): Promise<{ accounts: ConnectorAccounts; mapped: MappedUser; link?: AccountLink }> {
  const accounts = accountsOf(session);
  const account = await accounts.account(userId);
  if (!account) throw new ConnectorError('not_found', `No Flowgate user has id ${userId}`);
  const { profile, link } = account;
  const mapped = await mapUser(
    profile,
    session.mapping,
    async (managerId) => (await accounts.link(managerId))?.remoteId,
  );
  if (!mapped.userName)
    throw new ConnectorError(
      'invalid_parameters',
      `The mapping gives user ${userId} no userName (its source, ${session.mapping.get('userName')}, is empty)`,
    );
  return link ? { accounts, mapped, link } : { accounts, mapped };
}
