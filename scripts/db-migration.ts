import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pendingSchemaChanges } from '../src/db/migrate.js';
import { projectRoot } from '../src/config/project-root.js';
import { startEmbeddedPostgres } from './local/embedded-postgres.js';
import { freePort } from './local/free-port.js';
import { parseCommandLine, usageError } from './lib/command-line.js';

// The engine replays the migrations in a throw-away shadow database: on DATABASE_URL's server when
// set, otherwise on a temporary embedded PostgreSQL.
const usage = [
  'Usage: npm run db:migration -- <name>   (lower-case letters, digits and underscores)',
  '  writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the existing',
  '  migrations to prisma/schema.prisma',
].join('\n');
const { positionals } = parseCommandLine(usage, { allowPositionals: true });
const [name, ...extra] = positionals;
if (!name || !/^[a-z0-9_]+$/.test(name) || extra.length > 0) usageError(usage);

async function diffOnSomeServer(): Promise<string> {
  if (process.env.DATABASE_URL) return pendingSchemaChanges(process.env.DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'flowgate-migration-'));
  await chmod(dataDir, 0o755); // reachable by the postgres user when run as root
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'pg'),
    port: await freePort(),
    persistent: false,
  });
  try {
    return await pendingSchemaChanges(postgres.url('postgres'));
  } finally {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const sql = await diffOnSomeServer();
if (sql === '') {
  console.log('The migrations already match prisma/schema.prisma; nothing written.');
} else {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const directory = path.join(projectRoot(), 'prisma', 'migrations', `${stamp}_${name}`);
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, 'migration.sql'), sql);
  console.log(`Wrote ${path.relative(process.cwd(), directory)}/migration.sql`);
}
