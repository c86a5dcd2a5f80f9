import { defineListCommand, listingPage, listPage } from '../listing.js';
import { groupRepresentation, groupResource } from '../representations.js';

export const listGroups = defineListCommand(
  'A page of top-level groups (search filter: filter.search). modifiedSince is ignored: groups have no timestamps.',
  async (realm, parameters) => {
    const { first, items: groups } = await listingPage(realm, '/groups', groupRepresentation, parameters);
    return listPage(groups.map(groupResource), first, groups.length, parameters);
  },
);
