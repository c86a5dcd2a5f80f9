export {
  ROLES,
  PERMISSIONS,
  PERMISSION_TABLE,
  holdersOf,
  holdsPrivilegedRole,
  isPermission,
  isRole,
  permissionsOfRoles,
} from './permissions.js';
export type { Permission, Role } from './permissions.js';
export { assertCan, can } from './principal.js';
export type { Principal, CredentialKind, ApiTokenIdentity } from './principal.js';
