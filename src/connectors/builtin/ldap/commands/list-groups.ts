import { defineListCommand } from '../list-command.js';

export const listGroups = defineListCommand(
  'group',
  'A page of groups under groupBaseDn matching groupFilter, each with its members’ externalIds (resolved in batches, not one request per member). modifiedSince, filter.ldap and filter.search work as for listUsers.',
);
