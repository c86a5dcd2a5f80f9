import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, diffMigrationsToSchema, openMigrationEngine, type MigrationEngine } from './schema-engine.js';

/** The folder holding `prisma/`, found from this file whether it runs from src/ or dist/src/. */
export function projectRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'prisma', 'schema.prisma'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('prisma/schema.prisma not found above ' + import.meta.url);
    directory = parent;
  }
  return directory;
}

async function withEngine<T>(databaseUrl: string, use: (engine: MigrationEngine) => Promise<T>): Promise<T> {
  const root = projectRoot();
  const engine = await openMigrationEngine({
    databaseUrl,
    schemaPath: path.join(root, 'prisma', 'schema.prisma'),
    migrationsDir: path.join(root, 'prisma', 'migrations'),
  });
  try {
    return await use(engine);
  } finally {
    await engine.close();
  }
}

/**
 * Applies the migrations of prisma/migrations that the database lacks. Bookkeeping is Prisma's
 * own `_prisma_migrations` table, so `prisma migrate deploy` works on the same database too.
 */
export function migrateDatabase(databaseUrl: string): Promise<string[]> {
  return withEngine(databaseUrl, applyMigrations);
}

/** SQL that a new migration needs for the migrations to match prisma/schema.prisma; '' if none. */
export function pendingSchemaChanges(databaseUrl: string): Promise<string> {
  return withEngine(databaseUrl, diffMigrationsToSchema);
}
