import type { ParameterizedContext } from 'koa';
import type { RouterContext } from '@koa/router';
import type { Principal } from '../permissions/index.js';

export interface AppState {
  requestId: string;
  /** Set by `authenticate()`; absent on public routes. */
  principal?: Principal;
  /** Set when the request wrote its own audit entry, so no generic one is added. */
  audited?: boolean;
}

export type AppContext = ParameterizedContext<AppState> & Partial<Pick<RouterContext<AppState>, 'params'>>;
