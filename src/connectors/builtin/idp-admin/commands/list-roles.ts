import { defineListCommand, listingPage, listPage } from '../listing.js';
import { roleRepresentation, roleResource } from '../representations.js';

export const listRoles = defineListCommand(
  'A page of realm roles (search filter: filter.search). modifiedSince is ignored: roles have no timestamps.',
  async (realm, parameters) => {
    const { first, items: roles } = await listingPage(realm, '/roles', roleRepresentation, parameters);
    return listPage(roles.map(roleResource), first, roles.length, parameters);
  },
);
