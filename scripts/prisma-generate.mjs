import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

// `prisma generate` never runs the schema engine, but the CLI insists the binary exists and would
// try to download it. Any existing file satisfies the check; the WebAssembly engine that does
// run our migrations is a fine choice.
const require = createRequire(import.meta.url);
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';

const result = spawnSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
