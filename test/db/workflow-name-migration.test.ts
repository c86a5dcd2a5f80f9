import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { migrateDatabase, projectSchema } from '../../src/db/migrate.js';
import { testDatabaseUrl } from '../support/database.js';
import { stackValue } from '../support/stack.js';

// Workflow names became unique per version chain: the migration gives each row its chain and
// renames the chains that shared a name with an older one, recording each rename.

describe('the migration that makes workflow names unique', () => {
  let database: string;
  let folder: string;
  const admin = () => new pg.Client({ connectionString: stackValue('postgresAdminUrl') });

  beforeAll(async () => {
    database = `workflow_names_${Date.now()}`;
    folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-workflow-names-'));
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE ${database} WITH (FORCE)`);
    await client.end();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps the name for the oldest chain, suffixes the others, and audits each rename', async () => {
    const { schemaPath, migrationsDir } = projectSchema();
    const names = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((found) => found.isDirectory())
      .map((found) => found.name)
      .sort();
    const own = names.findIndex((name) => name.endsWith('_unique_workflow_names'));
    for (const name of names.slice(0, own)) {
      await cp(path.join(migrationsDir, name), path.join(folder, name), { recursive: true });
    }
    await cp(path.join(migrationsDir, 'migration_lock.toml'), path.join(folder, 'migration_lock.toml'));
    const url = testDatabaseUrl(database);
    await migrateDatabase(url, { schemaPath, migrationsDir: folder });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const ids = {
      first: '00000000-0000-4000-8000-000000000001',
      firstVersion: '00000000-0000-4000-8000-000000000002',
      second: '00000000-0000-4000-8000-000000000003',
      deleted: '00000000-0000-4000-8000-000000000004',
      suffixTaken: '00000000-0000-4000-8000-000000000005',
      alone: '00000000-0000-4000-8000-000000000006',
    };
    const insert = (id: string, name: string, minutes: number, source: string | null = null, deleted = false) =>
      client.query(
        `INSERT INTO workflow_definitions (id, name, trigger, variables, steps, source_workflow_id, deleted_at, created_at, updated_at)
         VALUES ($1, $2, '{"types":["manual"]}', '[]', '[]', $3, $4, $5, $5)`,
        [id, name, source, deleted ? new Date() : null, new Date(Date.UTC(2026, 0, 1, 0, minutes))],
      );
    try {
      await insert(ids.first, 'Shared', 1);
      await insert(ids.firstVersion, 'Shared', 5, ids.first);
      await insert(ids.second, 'Shared', 2);
      await insert(ids.deleted, 'Shared', 0, null, true);
      await insert(ids.suffixTaken, 'Shared (2)', 3);
      await insert(ids.alone, 'Alone', 4);
      expect(await migrateDatabase(url)).toEqual(names.slice(own));

      const { rows } = await client.query<{ id: string; name: string; lineage_id: string }>(
        'SELECT id, name, lineage_id FROM workflow_definitions ORDER BY id',
      );
      expect(rows).toEqual([
        { id: ids.first, name: 'Shared', lineage_id: ids.first },
        { id: ids.firstVersion, name: 'Shared', lineage_id: ids.first },
        { id: ids.second, name: 'Shared (3)', lineage_id: ids.second },
        { id: ids.deleted, name: 'Shared', lineage_id: ids.deleted },
        { id: ids.suffixTaken, name: 'Shared (2)', lineage_id: ids.suffixTaken },
        { id: ids.alone, name: 'Alone', lineage_id: ids.alone },
      ]);
      const audit = await client.query(
        `SELECT action, actor_type, target_type, target_id, metadata FROM audit_logs WHERE action = 'workflow.renamed'`,
      );
      expect(audit.rows).toEqual([
        {
          action: 'workflow.renamed',
          actor_type: 'system',
          target_type: 'workflow',
          target_id: ids.second,
          metadata: expect.objectContaining({ from: 'Shared', to: 'Shared (3)' }),
        },
      ]);
    } finally {
      await client.end();
    }
  });
});
