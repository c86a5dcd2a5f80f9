import { defineListCommand, listingPage, listPage } from '../listing.js';
import { userRepresentation, userResource } from '../representations.js';

export const listUsers = defineListCommand(
  'A page of users (search filter: filter.search). modifiedSince compares createdTimestamp: Keycloak keeps no modification time.',
  async (realm, parameters) => {
    const { first, items: users } = await listingPage(realm, '/users', userRepresentation, parameters);
    const since = parameters.modifiedSince === undefined ? undefined : Date.parse(parameters.modifiedSince);
    const resources = users
      .filter((user) => since === undefined || user.createdTimestamp === undefined || user.createdTimestamp >= since)
      .map(userResource);
    return listPage(resources, first, users.length, parameters);
  },
);
