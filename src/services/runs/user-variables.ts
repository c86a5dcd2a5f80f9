import type { DatabaseClient } from '../../db/client.js';
import type { WorkflowVariable } from '../../domain/workflow-definition.js';
import { validationFailed } from '../../errors/index.js';

/**
 * The canonical form of an id written any way PostgreSQL reads a uuid (capitals, braces, hyphens
 * in other places or none), or undefined when `value` is no uuid.
 */
function canonicalUuid(value: string): string | undefined {
  const hex = value
    .replace(/^\{(.*)\}$/, '$1')
    .replace(/-/g, '')
    .toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The values of `user` variables as the run keeps them: a user's id. A value may name the user by
 * id in any form PostgreSQL reads as a uuid (any user that exists, deleted ones included, so an offboarding run can revoke what a removed
 * account still holds) or by the email of a user that is not deleted, which is replaced by that
 * user's id. A value that names nobody is a 400 naming the variable: left to the steps, it would
 * fail the first one that looks the person up, after the run had started. `action` begins the
 * message ("Cannot start the run").
 */
export async function resolveUserVariables(
  db: DatabaseClient,
  declared: readonly WorkflowVariable[],
  values: Record<string, unknown>,
  action: string,
): Promise<Record<string, unknown>> {
  const users = declared.filter((variable) => variable.type === 'user' && typeof values[variable.name] === 'string');
  if (users.length === 0) return values;
  const resolved = { ...values };
  const unknown: Array<{ name: string; value: string }> = [];
  for (const variable of users) {
    const value = (values[variable.name] as string).trim();
    const id = canonicalUuid(value);
    const user = id
      ? await db.user.findUnique({ where: { id }, select: { id: true } })
      : await db.user.findUnique({ where: { activeEmail: value.toLowerCase() }, select: { id: true } });
    if (user) resolved[variable.name] = user.id;
    else unknown.push({ name: variable.name, value });
  }
  if (unknown.length > 0) {
    const names = unknown.map((item) => item.name).join(', ');
    throw validationFailed(
      `${action}: ${unknown.length === 1 ? 'the user variable' : 'the user variables'} ${names} ${unknown.length === 1 ? 'names' : 'name'} no user (a user variable takes a user's id, or the email of a user who is not deleted)`,
      { unknownUsers: unknown.map((item) => item.name) },
    );
  }
  return resolved;
}
