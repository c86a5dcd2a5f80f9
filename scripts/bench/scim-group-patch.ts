import { createDatabase } from '../../src/db/client.js';
import { createScimGroup, patchScimGroup } from '../../src/services/scim/scim-groups.js';
import type { ScimRequestContext } from '../../src/services/scim/scim-context.js';
import { withBenchPostgres } from './stack.js';

/**
 * One SCIM PATCH adding `memberCount` members to a group, through the service layer on a
 * temporary database: the lock, the member check, the insert and the audit row.
 */
export async function benchScimGroupPatch(memberCount = 1000, repetitions = 5) {
  return withBenchPostgres(async (database) => {
    const databaseUrl = await database('bench');
    const db = createDatabase(databaseUrl);
    try {
      const client = await db.scimClient.create({
        data: { name: 'bench', tokenPrefix: 'scim_000000000000', tokenHash: 'x' },
      });
      const context: ScimRequestContext = {
        client: { id: client.id, name: client.name },
        baseUrl: 'http://localhost/scim/v2',
      };
      const timings: number[] = [];
      for (let round = 0; round < repetitions; round += 1) {
        const users = await Promise.all(
          Array.from({ length: memberCount }, async (_, index) => {
            const email = `bench-${round}-${index}@example.test`;
            const user = await db.user.create({ data: { email, activeEmail: email, roles: ['requestor'] } });
            await db.scimIdentity.create({ data: { clientId: client.id, userId: user.id, userName: email } });
            return user.id;
          }),
        );
        const group = await createScimGroup(db, context, { displayName: `bench group ${round}` });
        const body = {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Add', path: 'members', value: users.map((value) => ({ value })) }],
        };
        const started = performance.now();
        await patchScimGroup(db, context, String(group.id), body);
        timings.push(performance.now() - started);
        const members = await db.userGroupMember.count({ where: { groupId: String(group.id) } });
        if (members !== memberCount) throw new Error(`expected ${memberCount} members, found ${members}`);
      }
      const sorted = [...timings].sort((a, b) => a - b);
      return {
        benchmark: `SCIM PATCH adding ${memberCount} members to a group (service layer, embedded PostgreSQL)`,
        members: memberCount,
        repetitions,
        medianMs: Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(1)),
        maxMs: Number(sorted[sorted.length - 1]!.toFixed(1)),
      };
    } finally {
      await db.$disconnect();
    }
  });
}
