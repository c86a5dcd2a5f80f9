import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

// `npm run config` against the test app over HTTP, as an operator runs it.

const context = useTestApp();
let admin: string;
let dir: string;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'config', '--', ...args],
      {
        cwd: projectRoot(),
        env: { ...process.env, FLOWGATE_URL: context.api.baseUrl, FLOWGATE_TOKEN: admin, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
  dir = await mkdtemp(path.join(os.tmpdir(), 'flowgate-config-cli-'));
  const created = await context.api.request('POST', '/api/projects', {
    token: admin,
    body: { name: 'HR', workflowSets: [{ name: 'Onboarding', description: '' }] },
  });
  expect(created.status).toBe(201);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run config -- export', () => {
  it('prints the document on stdout, the same the API exports', async () => {
    const run = await runCli(['export', '--entities', 'projects']);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    const api = await context.api.request('GET', '/api/config/export?entities=projects', { token: admin });
    expect(document.entities).toEqual(api.body.entities);
  });
});

describe('npm run config -- import', () => {
  it('previews with --dry-run (nothing written), then imports with the chosen strategy', async () => {
    const file = path.join(dir, 'config.json');
    expect((await runCli(['export', '--entities', 'projects', '--output', file])).code).toBe(0);
    const document = JSON.parse(await readFile(file, 'utf8'));
    document.entities.projects.push({ name: 'Finance', description: '', workflowSets: [] });
    await writeFile(file, JSON.stringify(document));

    const preview = await runCli(['import', file, '--dry-run', '--strategy', 'skip_existing']);
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.stdout).summary).toEqual({ created: 1, updated: 0, skipped: 2, errors: 0 });
    expect(preview.stderr).toContain('Preview (nothing written): completed');
    expect(await context.database.db.project.findUnique({ where: { name: 'Finance' } })).toBeNull();

    const imported = await runCli(['import', file, '--strategy', 'skip_existing']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout).status).toBe('completed');
    expect(await context.database.db.project.findUnique({ where: { name: 'Finance' } })).not.toBeNull();
  });

  it('exits 1 and lists the problems of a refused document', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({ version: '2', exportedAt: new Date().toISOString(), exportedBy: 'x', entities: {} }),
    );
    const run = await runCli(['import', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('HTTP 400');
    expect(run.stderr).toContain('document: version must be "1"');
  });

  it('exits 2 without a token or with unknown usage', async () => {
    expect((await runCli(['export'], { FLOWGATE_TOKEN: '' })).code).toBe(2);
    expect((await runCli(['publish'])).code).toBe(2);
  });
});
