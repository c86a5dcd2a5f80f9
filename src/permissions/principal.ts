import { AppError } from '../errors/index.js';
import type { Permission, Role } from './permissions.js';

/** How the caller proved who they are. */
export type CredentialKind = 'api_token' | 'oidc_token' | 'session';

export interface ApiTokenIdentity {
  id: string;
  name: string;
  prefix: string;
}

/** The authenticated caller of a request: a user, and what this credential lets them do. */
export interface Principal {
  userId: string;
  email: string | null;
  roles: Role[];
  /** Effective permissions: the user's roles, narrowed to the token's subset for API tokens. */
  permissions: ReadonlySet<Permission>;
  via: CredentialKind;
  apiToken?: ApiTokenIdentity;
  /** Labels of the program that made the request (the tool server, and its client), for the audit only. */
  labels?: { channel: string; client?: string };
}

export function can(principal: Principal, permission: Permission): boolean {
  return principal.permissions.has(permission);
}

/**
 * 403 naming `permission` unless `principal` holds it. `neededTo` says what needs it when that is
 * more than the route's own permission (a schedule starts runs, so it needs `workflow:start` too).
 */
export function assertCan(principal: Principal, permission: Permission, neededTo?: string): void {
  if (can(principal, permission)) return;
  const message = `Missing permission ${permission}${neededTo ? `, needed to ${neededTo}` : ''}`;
  throw new AppError('forbidden', message, { details: { permission } });
}
