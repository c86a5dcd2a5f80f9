import { readFile, writeFile } from 'node:fs/promises';
import { parseCommandLine, usageError } from './lib/command-line.js';

// Configuration transfer over the API (docs/transfer.md), with an API token:
//   npm run -s config -- export [--entities projects,workflows] [--output file.json]
//   npm run -s config -- import file.json [--strategy upsert|create_only|skip_existing] [--dry-run]
// FLOWGATE_URL (default http://127.0.0.1:3000) and FLOWGATE_TOKEN say where and as whom.
// Exit status: 0 done, 1 refused or finished with errors, 2 wrong usage.
const usage = [
  'Usage: npm run -s config -- export [--entities <section,...>] [--output <file>]',
  '       npm run -s config -- import <file> [--strategy upsert|create_only|skip_existing] [--dry-run]',
  'Environment: FLOWGATE_URL (default http://127.0.0.1:3000), FLOWGATE_TOKEN (an API token; required)',
].join('\n');

function fail(message: string, status: number): never {
  console.error(message);
  process.exit(status);
}

const { positionals, values } = parseCommandLine(usage, {
  allowPositionals: true,
  options: {
    entities: { type: 'string' },
    output: { type: 'string' },
    strategy: { type: 'string', default: 'upsert' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const [command, file, ...extra] = positionals;
if (!((command === 'export' && !file) || (command === 'import' && file)) || extra.length > 0) usageError(usage);
const baseUrl = (process.env.FLOWGATE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const token = process.env.FLOWGATE_TOKEN;
if (!token) usageError(usage, 'FLOWGATE_TOKEN must be set to an API token.');

/** Calls the API; a refusal prints its message (and listed problems) and exits 1. */
async function callApi(method: string, path: string, body?: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    });
  } catch (error) {
    fail(`Cannot reach ${baseUrl}: ${(error as Error).message}`, 1);
  }
  const text = await response.text();
  let answer: {
    message?: string;
    details?: { problems?: Array<{ section: string | null; name: string | null; message: string }> };
  };
  try {
    answer = JSON.parse(text);
  } catch {
    fail(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`, 1);
  }
  if (!response.ok) {
    const problems = (answer.details?.problems ?? []).map(
      (problem) => `  ${problem.section ?? 'document'}${problem.name ? ` "${problem.name}"` : ''}: ${problem.message}`,
    );
    fail([`${method} ${path}: HTTP ${response.status} ${answer.message ?? ''}`, ...problems].join('\n'), 1);
  }
  return answer;
}

if (command === 'export' && !file) {
  const query = values.entities ? `?entities=${encodeURIComponent(values.entities)}` : '';
  const document = `${JSON.stringify(await callApi('GET', `/api/config/export${query}`), null, 2)}\n`;
  if (values.output) await writeFile(values.output, document);
  else process.stdout.write(document);
} else if (command === 'import' && file) {
  let body: string;
  try {
    body = await readFile(file, 'utf8');
  } catch (error) {
    fail(`Cannot read ${file}: ${(error as Error).message}`, 2);
  }
  const path = `/api/config/import${values['dry-run'] ? '/preview' : ''}?strategy=${encodeURIComponent(values.strategy)}`;
  const result = (await callApi('POST', path, body)) as { status: string; summary: Record<string, number> };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const { created, updated, skipped, errors } = result.summary;
  console.error(
    `${values['dry-run'] ? 'Preview (nothing written)' : 'Import'}: ${result.status}; created ${created}, updated ${updated}, skipped ${skipped}, errors ${errors}`,
  );
  if (result.status !== 'completed') process.exitCode = 1;
} else {
  usageError(usage);
}
