import { defineListCommand, listingPage, listPage } from '../listing.js';
import { scimUser, userResource } from '../representations.js';

export const listUsers = defineListCommand(
  'A page of users (startIndex/count paging; filter.scim: a SCIM filter). modifiedSince compares meta.lastModified.',
  async (session, parameters) => {
    const page = await listingPage(session, '/Users', scimUser, parameters);
    return listPage(page, page.items.map(userResource));
  },
);
