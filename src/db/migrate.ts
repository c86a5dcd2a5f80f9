import path from 'node:path';
import { projectRoot } from '../config/project-root.js';
import { applyMigrations, diffMigrationsToSchema, openMigrationEngine, type MigrationEngine } from './schema-engine.js';

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
