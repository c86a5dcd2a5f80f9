import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { createDatabase } from '../src/db/client.js';
import { createAdminToken } from '../src/services/bootstrap-admin.js';

// npm run admin -- create-token --email <email> [--name <token name>]
// Prints a new API token with every permission for an admin user (created if missing).
const usage = 'Usage: npm run admin -- create-token --email <email> [--name <token name>]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string', default: 'admin-cli' } },
});

if (positionals[0] !== 'create-token' || !values.email) {
  console.error(usage);
  process.exit(1);
}
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.error('DATABASE_URL must be set to the database of the service.');
  process.exit(1);
}
const db = createDatabase(databaseUrl);
try {
  const result = await createAdminToken(db, values.email, values.name);
  console.log(`Admin token for ${result.email} (shown once, store it now):`);
  console.log(result.token);
} finally {
  await db.$disconnect();
}
