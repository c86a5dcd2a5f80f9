import { isUniqueViolation } from '../db/client.js';
import { conflict } from '../errors/index.js';

/** Runs a write whose only unique constraint is a name; a violation becomes a 409 naming it. */
export async function withUniqueName<T>(what: string, name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${what} named "${name ?? ''}" already exists`);
    throw error;
  }
}
