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

export interface SchemaLocation {
  schemaPath: string;
  migrationsDir: string;
}

/** prisma/schema.prisma and prisma/migrations of this project. */
export function projectSchema(): SchemaLocation {
  const root = projectRoot();
  return {
    schemaPath: path.join(root, 'prisma', 'schema.prisma'),
    migrationsDir: path.join(root, 'prisma', 'migrations'),
  };
}

async function withEngine<T>(
  databaseUrl: string,
  location: SchemaLocation,
  use: (engine: MigrationEngine) => Promise<T>,
): Promise<T> {
  const engine = await openMigrationEngine({ databaseUrl, ...location });
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
export function migrateDatabase(databaseUrl: string, location = projectSchema()): Promise<string[]> {
  return withEngine(databaseUrl, location, applyMigrations);
}

/**
 * SQL that a new migration needs for the migrations to match the schema; '' if none. The
 * migrations are replayed in a shadow database created (and dropped) on `databaseUrl`'s server.
 */
export function pendingSchemaChanges(databaseUrl: string, location = projectSchema()): Promise<string> {
  return withEngine(databaseUrl, location, diffMigrationsToSchema);
}
