import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { migrateDatabase, pendingSchemaChanges, projectSchema } from '../../src/db/migrate.js';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../support/database.js';
import { stackValue } from '../support/stack.js';

let scratch: TestDatabase;

beforeAll(async () => {
  scratch = await createTestDatabase();
});

afterAll(async () => {
  await scratch.drop();
});

describe('prisma/schema.prisma and prisma/migrations agree', () => {
  it('needs no new migration for the committed schema', async () => {
    expect(await pendingSchemaChanges(scratch.url)).toBe('');
  });

  it('reports the SQL a changed schema would need (so the check above can fail)', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-schema-'));
    try {
      const { schemaPath, migrationsDir } = projectSchema();
      await cp(migrationsDir, path.join(folder, 'migrations'), { recursive: true });
      const schema = await readFile(schemaPath, 'utf8');
      const changed = schema.replace('model User {', 'model User {\n  nickname String?');
      await writeFile(path.join(folder, 'schema.prisma'), changed);
      const sql = await pendingSchemaChanges(scratch.url, {
        schemaPath: path.join(folder, 'schema.prisma'),
        migrationsDir: path.join(folder, 'migrations'),
      });
      expect(sql).toContain('ALTER TABLE "users" ADD COLUMN     "nickname" TEXT');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('npm run db:migrate keeps bookkeeping compatible with prisma migrate deploy', () => {
  it('applies every migration once into _prisma_migrations, then nothing', async () => {
    const name = `migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: stackValue('postgresAdminUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = testDatabaseUrl(name);
      const applied = await migrateDatabase(url);
      const folders = await readdir(projectSchema().migrationsDir, { withFileTypes: true });
      const expected = folders
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      expect(applied).toEqual(expected);
      expect(await migrateDatabase(url)).toEqual([]);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const rows = await client.query(
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
      );
      await client.end();
      expect(rows.rows.map((row) => row.migration_name)).toEqual(expected);
      for (const row of rows.rows) {
        const sql = await readFile(path.join(projectSchema().migrationsDir, row.migration_name, 'migration.sql'));
        expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
        expect(row.finished_at).not.toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('a migration is applied whole or not at all', () => {
  it('leaves nothing of a migration that fails halfway', async () => {
    const database = await createTestDatabase();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-half-'));
    try {
      const { schemaPath, migrationsDir } = projectSchema();
      await cp(migrationsDir, folder, { recursive: true });
      await mkdir(path.join(folder, '99990101000000_fails_halfway'));
      await writeFile(
        path.join(folder, '99990101000000_fails_halfway', 'migration.sql'),
        'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT 1 / 0;\n',
      );
      await expect(migrateDatabase(database.url, { schemaPath, migrationsDir: folder })).rejects.toThrow(
        /division by zero/,
      );
      const [found] = await database.db.$queryRaw<
        { table: string | null }[]
      >`SELECT to_regclass('half_done')::text AS table`;
      expect(found!.table).toBeNull();
    } finally {
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

/**
 * Runs `check` against a fresh database migrated up to just before the migration `name`: it
 * fills the database with `client`, then applies the rest with `migrateDatabase(url)`.
 */
async function beforeMigration(name: string, check: (url: string, client: pg.Client) => Promise<void>) {
  const database = `backfill_${Date.now()}`;
  const admin = new pg.Client({ connectionString: stackValue('postgresAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = testDatabaseUrl(database);
  const client = new pg.Client({ connectionString: url });
  const before = await mkdtemp(path.join(os.tmpdir(), 'flowgate-before-'));
  try {
    const { schemaPath, migrationsDir } = projectSchema();
    for (const entry of await readdir(migrationsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name < name)
        await cp(path.join(migrationsDir, entry.name), path.join(before, entry.name), { recursive: true });
    }
    await migrateDatabase(url, { schemaPath, migrationsDir: before });
    await client.connect();
    await check(url, client);
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
    await admin.end();
    await rm(before, { recursive: true, force: true });
  }
}

const id = (last: string) => `00000000-0000-4000-8000-0000000000${last}`;

describe('the data a migration carries over', () => {
  it("backfills what each active role assignment provisioned with its role's entitlements", async () => {
    const BACKFILL = '20261123182434_role_assignment_provisioned';
    await beforeMigration(BACKFILL, async (url, client) => {
      // uuids sort by their bytes: Wiki (…0a) before VPN (…0b).
      await client.query(`
        INSERT INTO users (id, email, roles, updated_at) VALUES
          ('${id('01')}', 'ann@example.test', '{requestor}', now()), ('${id('02')}', 'bob@example.test', '{requestor}', now());
        INSERT INTO connectors (id, name, type, config_schema, secret_keys, updated_at)
          VALUES ('${id('03')}', 'directory', 'test-activedirectory', '{}', '{}', now());
        INSERT INTO entitlements (id, name, connector_id, provision_config, deprovision_config, updated_at) VALUES
          ('${id('0b')}', 'VPN', '${id('03')}', '{}', '{}', now()), ('${id('0a')}', 'Wiki', '${id('03')}', '{}', '{}', now());
        INSERT INTO business_roles (id, name, updated_at) VALUES ('${id('04')}', 'Engineer', now()), ('${id('05')}', 'Empty', now());
        INSERT INTO role_entitlements (role_id, entitlement_id) VALUES ('${id('04')}', '${id('0b')}'), ('${id('04')}', '${id('0a')}');
        INSERT INTO role_assignments (id, user_id, role_id, status, updated_at) VALUES
          ('${id('06')}', '${id('01')}', '${id('04')}', 'active', now()),
          ('${id('07')}', '${id('02')}', '${id('04')}', 'revoked', now()),
          ('${id('08')}', '${id('01')}', '${id('05')}', 'active', now());
      `);

      expect(await migrateDatabase(url)).toContain(BACKFILL);
      const rows = await client.query(
        'SELECT id, provisioned_entitlement_ids::text[] AS provisioned FROM role_assignments ORDER BY id',
      );
      expect(rows.rows).toEqual([
        { id: id('06'), provisioned: [id('0a'), id('0b')] },
        { id: id('07'), provisioned: [] },
        { id: id('08'), provisioned: [] },
      ]);
    });
  });

  it('takes the last editor of sync configs and entitlements from the audit log', async () => {
    const BACKFILL = '20261124003000_backfill_last_editors';
    await beforeMigration(BACKFILL, async (url, client) => {
      const [ann, bob, tokenless] = [id('01'), id('02'), id('03')];
      const [synced, unaudited, vpn, wiki] = [id('0a'), id('0b'), id('0c'), id('0d')];
      await client.query(`
        INSERT INTO connectors (id, name, type, config_schema, secret_keys, updated_at)
          VALUES ('${id('09')}', 'directory', 'test-activedirectory', '{}', '{}', now());
        INSERT INTO sync_configs (id, connector_id, resource_type, updated_at) VALUES
          ('${synced}', '${id('09')}', 'user', now()), ('${unaudited}', '${id('09')}', 'group', now());
        INSERT INTO entitlements (id, name, connector_id, provision_config, deprovision_config, updated_at, updated_by) VALUES
          ('${vpn}', 'VPN', '${id('09')}', '{}', '{}', now(), NULL),
          ('${wiki}', 'Wiki', '${id('09')}', '{}', '{}', now(), '${tokenless}');
        INSERT INTO audit_logs (id, action, actor_type, actor_id, target_type, target_id, created_at) VALUES
          (gen_random_uuid(), 'sync_config.created', 'user', '${ann}', 'sync_config', '${synced}', now() - interval '2 days'),
          (gen_random_uuid(), 'sync_config.updated', 'user', '${bob}', 'sync_config', '${synced}', now() - interval '1 day'),
          (gen_random_uuid(), 'sync_config.run_started', 'system', NULL, 'sync_config', '${synced}', now()),
          (gen_random_uuid(), 'sync_config.updated', 'user', 'not-a-uuid', 'sync_config', '${unaudited}', now()),
          (gen_random_uuid(), 'entitlement.created', 'user', '${bob}', 'entitlement', '${vpn}', now() - interval '1 day'),
          (gen_random_uuid(), 'entitlement.updated', 'user', '${ann}', 'entitlement', '${vpn}', now()),
          (gen_random_uuid(), 'entitlement.updated', 'user', '${ann}', 'entitlement', '${wiki}', now());
      `);

      expect(await migrateDatabase(url)).toContain(BACKFILL);
      const configs = await client.query('SELECT id, updated_by FROM sync_configs ORDER BY id');
      expect(configs.rows).toEqual([
        { id: synced, updated_by: bob },
        { id: unaudited, updated_by: null },
      ]);
      // An entitlement saved since the column exists keeps the editor it has.
      const entitlements = await client.query('SELECT id, updated_by FROM entitlements ORDER BY id');
      expect(entitlements.rows).toEqual([
        { id: vpn, updated_by: ann },
        { id: wiki, updated_by: tokenless },
      ]);
    });
  });

  it('marks the SCIM identities that adopted an existing account: by the audit entry of the link, or by a later creation', async () => {
    const BACKFILL = '20261127233646_scim_linked_existing';
    await beforeMigration(BACKFILL, async (url, client) => {
      const [created, audited, later] = [id('01'), id('02'), id('03')];
      await client.query(`
        INSERT INTO scim_clients (id, name, token_prefix, token_hash, updated_at)
          VALUES ('${id('09')}', 'directory', 'scim_x', 'hash', now());
        INSERT INTO users (id, email, roles, created_at, updated_at) VALUES
          ('${created}', 'new@example.test', '{requestor}', now(), now()),
          ('${audited}', 'audited@example.test', '{requestor}', now(), now()),
          ('${later}', 'older@example.test', '{requestor}', now() - interval '3 days', now());
        INSERT INTO scim_identities (id, client_id, user_id, user_name, created_at, updated_at) VALUES
          ('${id('0a')}', '${id('09')}', '${created}', 'new@example.test', now(), now()),
          ('${id('0b')}', '${id('09')}', '${audited}', 'audited@example.test', now(), now()),
          ('${id('0c')}', '${id('09')}', '${later}', 'older@example.test', now(), now());
        INSERT INTO audit_logs (id, action, actor_type, target_type, target_id, created_at) VALUES
          (gen_random_uuid(), 'scim.user.created', 'service_client', 'user', '${created}', now()),
          (gen_random_uuid(), 'scim.user.linked_existing', 'service_client', 'user', '${audited}', now());
      `);

      expect(await migrateDatabase(url)).toContain(BACKFILL);
      const rows = await client.query('SELECT user_id, linked_existing FROM scim_identities ORDER BY user_id');
      expect(rows.rows).toEqual([
        { user_id: created, linked_existing: false },
        { user_id: audited, linked_existing: true },
        { user_id: later, linked_existing: true },
      ]);
    });
  });

  it('marks the user configs that synced the whole directory syncAllUsers, and no other', async () => {
    const MIGRATION = '20261127233024_sync_all_users';
    await beforeMigration(MIGRATION, async (url, client) => {
      const connectors = ['11', '12', '13', '14', '15', '16'].map(id);
      const rules = [
        null,
        `'{}'`,
        `'{"maxRecords": 5, "memberOfSyncedGroups": false}'`,
        `'{"emailDomains": ["example.test"]}'`,
        `'{"memberOfSyncedGroups": true}'`,
      ];
      await client.query(`
        INSERT INTO connectors (id, name, type, config_schema, secret_keys, updated_at)
          VALUES ${connectors.map((connector, index) => `('${connector}', 'directory-${index}', 'test-ldap', '{}', '{}', now())`).join(', ')};
        INSERT INTO sync_configs (id, connector_id, resource_type, filter_rules, updated_at) VALUES
          ${rules.map((rule, index) => `('${id(`2${index}`)}', '${connectors[index]}', 'user', ${rule ?? 'NULL'}, now())`).join(', ')},
          ('${id('29')}', '${connectors[5]}', 'group', NULL, now());
      `);

      expect(await migrateDatabase(url)).toContain(MIGRATION);
      const configs = await client.query('SELECT id, sync_all_users FROM sync_configs ORDER BY id');
      expect(configs.rows).toEqual(
        [true, true, true, false, false, false].map((all, index) => ({
          id: id(index === 5 ? '29' : `2${index}`),
          sync_all_users: all,
        })),
      );
    });
  });

  it('keeps a workflow name for its oldest version chain, suffixes the others, and audits each rename', async () => {
    const MIGRATION = '20261127233000_unique_workflow_names';
    await beforeMigration(MIGRATION, async (url, client) => {
      const insert = (row: string, name: string, minutes: number, source: string | null = null, deleted = false) =>
        client.query(
          `INSERT INTO workflow_definitions (id, name, trigger, variables, steps, source_workflow_id, deleted_at, created_at, updated_at)
           VALUES ($1, $2, '{"types":["manual"]}', '[]', '[]', $3, $4, $5, $5)`,
          [row, name, source, deleted ? new Date() : null, new Date(Date.UTC(2026, 0, 1, 0, minutes))],
        );
      await insert(id('01'), 'Shared', 1);
      await insert(id('02'), 'Shared', 5, id('01')); // a version of the first chain keeps its name
      await insert(id('03'), 'Shared', 2);
      await insert(id('04'), 'Shared', 0, null, true); // deleted: holds no name
      await insert(id('05'), 'Shared (2)', 3); // the first suffix is taken
      await insert(id('06'), 'Alone', 4);

      expect(await migrateDatabase(url)).toContain(MIGRATION);
      const { rows } = await client.query('SELECT id, name, lineage_id FROM workflow_definitions ORDER BY id');
      expect(rows).toEqual([
        { id: id('01'), name: 'Shared', lineage_id: id('01') },
        { id: id('02'), name: 'Shared', lineage_id: id('01') },
        { id: id('03'), name: 'Shared (3)', lineage_id: id('03') },
        { id: id('04'), name: 'Shared', lineage_id: id('04') },
        { id: id('05'), name: 'Shared (2)', lineage_id: id('05') },
        { id: id('06'), name: 'Alone', lineage_id: id('06') },
      ]);
      const audit = await client.query(
        `SELECT action, actor_type, target_type, target_id, metadata FROM audit_logs WHERE action = 'workflow.renamed'`,
      );
      expect(audit.rows).toEqual([
        {
          action: 'workflow.renamed',
          actor_type: 'system',
          target_type: 'workflow',
          target_id: id('03'),
          metadata: expect.objectContaining({ from: 'Shared', to: 'Shared (3)' }),
        },
      ]);
    });
  });
});
