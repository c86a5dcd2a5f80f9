import { defineListCommand, listingPage, listPage } from '../listing.js';
import { groupResource, scimGroup } from '../representations.js';

export const listGroups = defineListCommand(
  'A page of groups without their members (startIndex/count paging; filter.scim: a SCIM filter). modifiedSince compares meta.lastModified.',
  async (session, parameters) => {
    // Members are left out: a group of thousands would make the page huge.
    const page = await listingPage(session, '/Groups', scimGroup, parameters, { excludedAttributes: 'members' });
    return listPage(page, page.items.map(groupResource));
  },
);
