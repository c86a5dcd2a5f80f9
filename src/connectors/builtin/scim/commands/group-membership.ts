import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import type { ConnectorResult } from '../../../handler.js';
import { defineCommand, type ScimSession } from '../command.js';
import { filterLiteral } from '../representations.js';
import { expectShape, statusFailure } from '../scim-client.js';
import { PATCH_SCHEMA } from '../user-mapping.js';
import { accountIdsOf, person, resourcePath, scimId } from './parameters.js';
import { withoutMeta } from './user-accounts.js';

// Writes refused with 412 (the group changed between our read and write) are tried again.
const CONCURRENT_CHANGE_ATTEMPTS = 3;
const MAX_MEMBERS_PER_CALL = 10_000;

export const membershipParameters = z
  .object({
    group: scimId('The group’s SCIM id'),
    user: z
      .union([person, z.array(person).min(1).max(MAX_MEMBERS_PER_CALL)])
      .describe('One person or a list: Flowgate user ids (through their account links) or SCIM ids'),
  })
  .strict();

/** addToGroup and removeFromGroup: one change of many members, in as few requests as the target allows. */
export function defineMembershipCommand(kind: 'add' | 'remove', description: string) {
  return defineCommand({
    description,
    idempotent: true,
    writes: true,
    parameters: membershipParameters,
    async run(session, { group, user }): Promise<ConnectorResult> {
      const people = Array.isArray(user) ? user : [user];
      const members = await accountIdsOf(session, people);
      const capabilities = await session.capabilities();
      if (capabilities.patch) {
        let requests = 0;
        for (let start = 0; start < members.length; start += capabilities.maxMembersPerPatch) {
          const chunk = members.slice(start, start + capabilities.maxMembersPerPatch);
          await session.callOk('PATCH', resourcePath('/Groups', group), {
            body: { schemas: [PATCH_SCHEMA], Operations: patchOperations(kind, chunk) },
          });
          requests += 1;
        }
        return { success: true, data: { group, members, requests } };
      }
      const changed = await rewriteMembers(session, group, kind, members);
      return {
        success: true,
        data: { group, members, requests: changed === undefined ? 1 : 2, changed: changed ?? false },
      };
    },
  });
}

/**
 * One PATCH's operations: an `add` of the members' values; for removal a `remove` with a value
 * filter per member (RFC 7644 §3.5.2.2), all in one request.
 */
function patchOperations(kind: 'add' | 'remove', members: string[]): Record<string, unknown>[] {
  if (kind === 'add') return [{ op: 'add', path: 'members', value: members.map((value) => ({ value })) }];
  return members.map((value) => ({ op: 'remove', path: `members[value eq ${filterLiteral(value)}]` }));
}

const groupWithMembers = z.looseObject({
  id: z.string(),
  members: z.array(z.looseObject({ value: z.string() })).optional(),
});

/**
 * For targets without PATCH: the group read, its members changed, and written back whole with PUT
 * (with `If-Match` where the target supports ETags, reading again after a 412). Undefined when the
 * members were as wanted already and nothing was written, else true.
 */
async function rewriteMembers(
  session: ScimSession,
  group: string,
  kind: 'add' | 'remove',
  members: string[],
): Promise<true | undefined> {
  const capabilities = await session.capabilities();
  const path = resourcePath('/Groups', group);
  for (let attempt = 1; ; attempt += 1) {
    const read = await session.callOk('GET', path);
    const current = expectShape(groupWithMembers, read);
    const present = current.members ?? [];
    const held = new Set(present.map((member) => member.value));
    const wanted = new Set(members);
    const next =
      kind === 'add'
        ? [...present, ...members.filter((value) => !held.has(value)).map((value) => ({ value }))]
        : present.filter((member) => !wanted.has(member.value));
    if (next.length === present.length) return undefined;
    const version = (current.meta as { version?: unknown } | undefined)?.version;
    const ifMatch = capabilities.etag ? (read.etag ?? (typeof version === 'string' ? version : undefined)) : undefined;
    const response = await session.call('PUT', path, { body: { ...withoutMeta(current), members: next }, ifMatch });
    if (response.status === 412 && attempt < CONCURRENT_CHANGE_ATTEMPTS) continue;
    if (response.status === 404) throw new ConnectorError('not_found', `The application has no group ${group}`);
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    return true;
  }
}
