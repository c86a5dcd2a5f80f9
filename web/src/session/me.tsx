/** The signed-in user (`GET /api/auth/me`) and what the console may offer them. */
import { createContext, useContext } from 'react';
import type { Schema } from '../api/client';

export type Me = Schema<'Me'>;
/** A permission's name, as the API spells it: a misspelt one fails the type check. */
export type Permission = Me['permissions'][number];

export const MeContext = createContext<Me | null>(null);

export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside a signed-in page');
  return me;
}

/** Whether the user holds a permission; the API still decides, this only hides what would be refused. */
export function useCan(): (permission: Permission) => boolean {
  const me = useMe();
  return (permission) => me.permissions.includes(permission);
}
