import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import { defineCommand } from '../command.js';
import { applyMapped, patchOperations } from '../user-mapping.js';
import { mappedUserOf } from './mapped-user.js';
import { flowgateUserId } from './parameters.js';
import { changeAccount } from './user-accounts.js';

export const updateUser = defineCommand({
  description:
    'Brings the Flowgate user’s linked account in line with the mapping: a PATCH of only the attributes that differ (where the target supports PATCH), else GET and PUT with If-Match. Idempotent: changed: false when nothing differs.',
  idempotent: true,
  writes: true,
  parameters: z.object({ userId: flowgateUserId }).strict(),
  async run(session, { userId }) {
    const { mapped, link } = await mappedUserOf(session, userId);
    if (!link)
      throw new ConnectorError(
        'not_found',
        `Flowgate user ${userId} has no account linked in this application: createUser creates or links one`,
      );
    const changed = await changeAccount(session, link.remoteId, {
      operations: (current) => patchOperations(current, mapped),
      document: (current) => applyMapped(current, mapped),
    });
    return { success: true, data: { userId, id: link.remoteId, changed: changed.length > 0, attributes: changed } };
  },
});
