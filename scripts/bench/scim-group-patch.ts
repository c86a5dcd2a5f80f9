import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { createScimGroup, patchScimGroup } from '../../src/services/scim/scim-groups.js';
import type { ScimRequestContext } from '../../src/services/scim/scim-context.js';
import { ensureDatabase, startEmbeddedPostgres } from '../local/embedded-postgres.js';
import { freePort } from '../local/free-port.js';

/**
 * One SCIM PATCH adding `memberCount` members to a group, through the service layer on a
 * temporary database: the lock, the member check, the insert and the audit row.
 */
export async function benchScimGroupPatch(memberCount = 1000, repetitions = 5) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'flowgate-bench-scim-'));
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    persistent: false,
  });
  try {
    await ensureDatabase(postgres.url('postgres'), 'bench');
    const databaseUrl = postgres.url('bench');
    await migrateDatabase(databaseUrl);
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
  } finally {
    await postgres.stop();
    await rm(root, { recursive: true, force: true });
  }
}
