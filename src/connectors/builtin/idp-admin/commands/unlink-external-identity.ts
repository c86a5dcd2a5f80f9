import { z } from 'zod';
import { defineCommand } from '../command.js';
import { expectShape, statusFailure } from '../keycloak-client.js';
import { federatedIdentity } from '../representations.js';
import { keycloakId, userId } from './parameters.js';

export const unlinkExternalIdentity = defineCommand({
  description:
    'Removes the link between the user and an identity provider. Idempotent: a missing link reports changed: false.',
  idempotent: true,
  writes: true,
  parameters: z.object({ userId, provider: keycloakId('Alias of the identity provider, e.g. google') }).strict(),
  async run(realm, { userId, provider }) {
    const path = `/users/${encodeURIComponent(userId)}/federated-identity`;
    const links = expectShape(z.array(federatedIdentity), await realm.adminOk('GET', path));
    if (!links.some((link) => link.identityProvider === provider))
      return { success: true, data: { userId, provider, changed: false } };
    const response = await realm.admin('DELETE', `${path}/${encodeURIComponent(provider)}`);
    // 404 here means the link went away since the read above: the wanted state holds.
    if (response.status === 404) return { success: true, data: { userId, provider, changed: false } };
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    return { success: true, data: { userId, provider, changed: true } };
  },
});
