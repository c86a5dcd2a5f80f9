import { loadConfig } from '../src/config/index.js';
import { migrateDatabase } from '../src/db/migrate.js';

// npm run db:migrate — applies prisma/migrations to DATABASE_URL.
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.error('DATABASE_URL must be set (npm start migrates its embedded database by itself).');
  process.exit(1);
}
const applied = await migrateDatabase(databaseUrl);
console.log(applied.length === 0 ? 'Database is up to date.' : `Applied: ${applied.join(', ')}`);
