import { z } from 'zod';
import type { ApiClient } from './api-client.js';

export interface TokenCheck {
  /**
   * The API's reason when it refuses the token outright (wrong, revoked, expired, its user
   * inactive). A token that only lacks permissions passes: `GET /api/auth/me` needs none.
   */
  refusal?: string;
  /** The token's effective permissions, or undefined when the API could not say (down, slow). */
  permissions?: ReadonlySet<string>;
}

const meShape = z.object({ permissions: z.array(z.string()) });

/** Asks the API who the token is: whether it refuses it, and which permissions it has. */
export async function checkToken(api: ApiClient, signal?: AbortSignal): Promise<TokenCheck> {
  const result = await api.call({ method: 'GET', path: '/api/auth/me' }, signal);
  if (!result.ok) return result.failure.status === 401 ? { refusal: result.failure.message } : {};
  const me = meShape.safeParse(result.data);
  return me.success ? { permissions: new Set(me.data.permissions) } : {};
}
