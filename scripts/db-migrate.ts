import { loadConfig } from '../src/config/index.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { parseCommandLine } from './lib/command-line.js';

parseCommandLine(
  [
    'Usage: npm run db:migrate',
    '  applies the migrations of prisma/migrations to DATABASE_URL (npm start migrates its embedded database by itself)',
  ].join('\n'),
  {},
);
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.error('DATABASE_URL must be set (npm start migrates its embedded database by itself).');
  process.exit(1);
}
const applied = await migrateDatabase(databaseUrl);
console.log(applied.length === 0 ? 'Database is up to date.' : `Applied: ${applied.join(', ')}`);
