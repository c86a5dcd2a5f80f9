import { defineListCommand } from '../list-command.js';

export const listUsers = defineListCommand(
  'user',
  'A page of users under userBaseDn matching userFilter (Simple Paged Results). modifiedSince compares the flavour’s modifiedAttribute (modifyTimestamp; whenChanged on Active Directory); filter.ldap adds an LDAP filter, filter.search a text search.',
);
