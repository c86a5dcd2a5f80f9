import { loadConfig } from '../src/config/index.js';
import { createDatabase } from '../src/db/client.js';
import { createAdminToken } from '../src/services/bootstrap-admin.js';
import { createSignInLink } from '../src/services/sign-in-links.js';
import { verifyAuditChain } from '../src/audit/audit-chain.js';
import { parseCommandLine, usageError } from './lib/command-line.js';
import { DEFAULT_EMBEDDED_PG_PORT, embeddedPostgresUrl } from './local/embedded-postgres.js';

const usage = [
  'Usage: npm run admin -- create-token --email <email> [--name <token name>]',
  '         prints a new API token with every permission for an admin user (created if missing)',
  '       npm run admin -- sign-in-link --email <email>',
  '         development mode only: prints a one-time console sign-in link (15 minutes) for an existing user',
  '       npm run admin -- audit-verify [--from <place>]',
  '         checks the audit hash chain from <place> (default: after the last retention cut, else 1) to its head; exits 1 at the first broken link',
  'Environment: DATABASE_URL (the database of the service); without it, the embedded PostgreSQL',
  '             that npm start runs (EMBEDDED_PG_PORT, default 54320)',
].join('\n');
const { positionals, values } = parseCommandLine(usage, {
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string', default: 'admin-cli' }, from: { type: 'string' } },
});

const [command, ...extra] = positionals;
if (command !== 'create-token' && command !== 'sign-in-link' && command !== 'audit-verify')
  usageError(usage, command ? `Unknown command "${command}".` : 'Name a command.');
if (extra.length > 0) usageError(usage, `Unexpected argument "${extra[0]}".`);
if (command !== 'audit-verify' && !values.email) usageError(usage, '--email is required.');
if (values.from !== undefined && !/^[1-9]\d{0,17}$/.test(values.from))
  usageError(usage, '--from is a place in the chain: a whole number from 1.');
const config = loadConfig();
// Next to `npm start` without DATABASE_URL, the service's database is the embedded one it runs.
const databaseUrl =
  config.databaseUrl ??
  embeddedPostgresUrl(Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PG_PORT), 'flowgate');
if (command === 'sign-in-link' && config.oidc) {
  console.error('Sign-in links exist only in development mode: this instance signs people in through OIDC_ISSUER.');
  process.exit(1);
}
const db = createDatabase(databaseUrl);
try {
  if (command === 'audit-verify') {
    const check = await verifyAuditChain(db, values.from === undefined ? undefined : BigInt(values.from));
    if (check.intact) {
      console.log(`Audit chain intact: ${check.checked} entries checked, head at place ${check.head.seq}`);
      console.log(`Head hash: ${check.head.hash}`);
    } else {
      console.error(
        `Audit chain broken at place ${check.brokenAt} (${check.checked} entries checked before): ${check.reason}`,
      );
      process.exitCode = 1;
    }
  } else if (command === 'create-token') {
    const result = await createAdminToken(db, values.email!, values.name);
    console.log(`Admin token for ${result.email} (shown once, store it now):`);
    console.log(result.token);
  } else {
    const link = await createSignInLink(db, {
      email: values.email!,
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    });
    console.log(`One-time sign-in link for ${link.email} (valid until ${link.expiresAt.toISOString()}):`);
    console.log(link.url);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (!config.databaseUrl)
    console.error(
      'DATABASE_URL is not set, so this used the embedded PostgreSQL of npm start: is npm start running in this folder? Otherwise set DATABASE_URL to the database of the service.',
    );
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
// Said explicitly, once the output is written: under `node --import tsx` an exit code set on
// `process` alone was lost.
if (process.exitCode) {
  const flushed = (stream: NodeJS.WriteStream) => new Promise((resolve) => stream.write('', resolve));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(process.exitCode);
}
