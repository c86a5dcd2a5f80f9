import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import { createMigrationAdapter } from './migration-adapter.js';

// Prisma's native schema engine cannot be downloaded on every machine, so migrations run through
// its WebAssembly build driven by the pg driver adapter (see migration-adapter.ts). The module is
// instantiated by hand (rather than through its `import ... from '*.wasm'`) so that no
// experimental Node flag is needed, in the service or under jest.

const require = createRequire(import.meta.url);
const NO_FILTER = { externalTables: [], externalEnums: [] };

type WasmExports = Record<string, unknown>;
type WasmBindings = typeof import('@prisma/schema-engine-wasm') & {
  __wbg_set_wasm(exports: WasmExports): void;
};
// Node's WebAssembly global; @types/node does not declare it.
const { WebAssembly: wasmRuntime } = globalThis as unknown as {
  WebAssembly: {
    instantiate(bytes: Uint8Array, imports: Record<string, unknown>): Promise<{ instance: { exports: WasmExports } }>;
  };
};

// The engine reports Rust panics through this global before it traps; keep the message so the
// error thrown to the caller says what went wrong.
let lastPanicMessage: string | undefined;
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message: string) {
    lastPanicMessage = message;
  },
};

/** Runs an engine call, turning a panic trap into an error that carries the panic message. */
async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  lastPanicMessage = undefined;
  try {
    return await call();
  } catch (error) {
    if (lastPanicMessage) throw new Error(`Prisma schema engine panicked: ${lastPanicMessage}`, { cause: error });
    throw error;
  }
}

let bindingsPromise: Promise<WasmBindings> | undefined;

function loadBindings(): Promise<WasmBindings> {
  bindingsPromise ??= (async () => {
    const glueFile = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bindings = (await import(glueFile)) as WasmBindings;
    const wasmBytes = await readFile(path.join(path.dirname(glueFile), 'schema_engine_bg.wasm'));
    const { instance } = await wasmRuntime.instantiate(wasmBytes, { './schema_engine_bg.js': bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return bindingsPromise;
}

export interface MigrationEngine {
  engine: SchemaEngine;
  migrationsDir: string;
  schemaPath: string;
  /** Frees the engine and closes its database connections. */
  close(): Promise<void>;
}

/** Opens the schema engine against `databaseUrl` for the schema and migrations folder given. */
export async function openMigrationEngine(options: {
  databaseUrl: string;
  schemaPath: string;
  migrationsDir: string;
}): Promise<MigrationEngine> {
  const { SchemaEngine } = await loadBindings();
  const adapter = createMigrationAdapter(options.databaseUrl);
  const engine = await SchemaEngine.new(
    { datamodels: undefined },
    () => undefined,
    bindMigrationAwareSqlAdapterFactory(adapter.factory),
  );
  return {
    engine,
    migrationsDir: options.migrationsDir,
    schemaPath: options.schemaPath,
    async close() {
      engine.free();
      await adapter.dispose();
    },
  };
}

/** Reads the migrations folder in the form the engine expects (the layout `prisma migrate` uses). */
export async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  const lockfilePath = 'migration_lock.toml';
  const lockfile = await readFile(path.join(migrationsDir, lockfilePath), 'utf8').catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const directories = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => {
        const content = await readFile(path.join(migrationsDir, entry.name, 'migration.sql'), 'utf8')
          .then((value) => ({ tag: 'ok' as const, value }))
          .catch((error: Error) => ({ tag: 'error' as const, value: error.message }));
        return { path: entry.name, migrationFile: { path: 'migration.sql', content } };
      }),
  );
  directories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockfilePath, content: lockfile },
    shadowDbInitScript: '',
    migrationDirectories: directories,
  };
}

/** Applies every migration not yet recorded in `_prisma_migrations`; returns the names applied. */
export async function applyMigrations(migration: MigrationEngine): Promise<string[]> {
  const migrationsList = await readMigrationList(migration.migrationsDir);
  const result = await engineCall(() => migration.engine.applyMigrations({ migrationsList, filters: NO_FILTER }));
  return result.appliedMigrationNames;
}

/**
 * The SQL that takes a database built from the migrations folder to the state the schema
 * describes; empty when they agree. Replays the migrations in a throw-away shadow database.
 */
export async function diffMigrationsToSchema(migration: MigrationEngine): Promise<string> {
  const migrationsList = await readMigrationList(migration.migrationsDir);
  const schema = await readFile(migration.schemaPath, 'utf8');
  const result = await engineCall(() =>
    migration.engine.diff({
      from: { tag: 'migrations', ...migrationsList },
      to: { tag: 'schemaDatamodel', files: [{ path: migration.schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    }),
  );
  return normaliseDiffScript(result.stdout ?? '');
}

// The engine prints a comment-only script when there is nothing to do.
function normaliseDiffScript(script: string): string {
  const statements = script.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('--'));
  return statements.length === 0 ? '' : script.trim() + '\n';
}
