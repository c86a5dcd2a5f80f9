import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import { defineCommand } from '../command.js';
import { scimUser } from '../representations.js';
import { expectShape, scimTypeOf, statusFailure } from '../scim-client.js';
import { userDocument } from '../user-mapping.js';
import { mappedUserOf } from './mapped-user.js';
import { flowgateUserId } from './parameters.js';
import { findUser, readUser } from './user-accounts.js';

export const createUser = defineCommand({
  description:
    'Creates the Flowgate user’s account from the mapping and links it. Idempotent: a linked account that exists is kept (changed: false); an account the target already holds (409 uniqueness, or a retry after a lost answer) is found by externalId or userName and linked.',
  idempotent: true,
  writes: true,
  parameters: z.object({ userId: flowgateUserId }).strict(),
  async run(session, { userId }) {
    const { accounts, mapped, link } = await mappedUserOf(session, userId);
    if (link) {
      if (await readUser(session, link.remoteId))
        return { success: true, data: { userId, id: link.remoteId, changed: false, created: false } };
      // The account went away in the application: the link no longer names anything.
      await accounts.removeLink(userId);
    }
    const response = await session.call('POST', '/Users', { body: userDocument(mapped) });
    if (response.status === 201 || response.status === 200) {
      const created = expectShape(scimUser, response);
      await accounts.saveLink({
        userId,
        remoteId: created.id,
        remoteName: created.userName ?? mapped.userName ?? null,
      });
      return { success: true, data: { userId, id: created.id, changed: true, created: true } };
    }
    if (response.status !== 409 || (scimTypeOf(response) ?? 'uniqueness') !== 'uniqueness')
      throw statusFailure(response);
    const existing = await findUser(session, { externalId: mapped.externalId, userName: mapped.userName });
    if (!existing)
      throw new ConnectorError(
        'already_exists',
        `The application refused the account as not unique (409), and none has externalId or userName of ${userId}`,
      );
    await accounts.saveLink({ userId, remoteId: existing.id, remoteName: existing.userName ?? null });
    return { success: true, data: { userId, id: existing.id, changed: false, created: false, linked: true } };
  },
});
