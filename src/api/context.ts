import type { ParameterizedContext } from 'koa';
import type { RouterContext } from '@koa/router';
import type { Session } from '../db/generated/client.js';
import type { Principal } from '../permissions/index.js';

export interface AppState {
  requestId: string;
  /** Set by `authenticate()`; absent on public routes. */
  principal?: Principal;
  /** The web session behind `principal`, when the caller authenticated with the session cookie. */
  session?: Session;
  /**
   * Set when the request's write records its own audit entry; that entry exists only if the write
   * committed, so the token-request audit trusts it only for requests that succeed.
   */
  audited?: boolean;
  /** The JSON body's bytes as received, kept only on routes that verify a signature over them. */
  rawBody?: Buffer;
}

export type AppContext = ParameterizedContext<AppState> & Partial<Pick<RouterContext<AppState>, 'params'>>;
