import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';

// Every npm script that runs one of scripts/*.ts answers --help and a wrong call with its usage.

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

const packageJson = JSON.parse(await readFile(path.join(projectRoot(), 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const scriptNames = Object.entries(packageJson.scripts)
  .filter(([, command]) => /\bscripts\/[\w-]+\.ts\b/.test(command))
  .map(([name]) => name);

// Endpoints that answer nothing: a script that ignored its arguments would fail fast instead of
// starting a stack or touching a real database.
const nowhere = {
  DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/nothing',
  TEMPORAL_ADDRESS: '127.0.0.1:1',
  FLOWGATE_URL: 'http://127.0.0.1:1',
  FLOWGATE_TOKEN: 'not-a-token',
};

// Loading a script's imports through tsx takes tens of seconds on a busy machine.
const SCRIPT_TIMEOUT_MS = 100_000;

function runScript(name: string, args: string[]): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', name, '--', ...args],
      { cwd: projectRoot(), env: { ...process.env, ...nowhere }, timeout: SCRIPT_TIMEOUT_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const STACK_FRAME = /^\s+at /m;
jest.setTimeout(SCRIPT_TIMEOUT_MS + 10_000);

describe('every script prints its usage', () => {
  it('covers the scripts the issue names', () => {
    expect(scriptNames).toEqual(
      expect.arrayContaining([
        'start',
        'admin',
        'config',
        'db:migrate',
        'db:migration',
        'bench',
        'faults',
        'docs:generate',
      ]),
    );
  });

  it.each(scriptNames)('npm run %s -- --help prints the usage on stdout and exits 0', async (name) => {
    const run = await runScript(name, ['--help']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: npm /);
    expect(run.stdout.split('\n')[0]).toContain(name === 'start' ? 'npm start' : ` ${name}`);
  });

  it.each(scriptNames)('npm run %s with an unknown option prints the usage on stderr and exits 2', async (name) => {
    const run = await runScript(name, ['--no-such-option']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown option '--no-such-option'");
    expect(run.stderr).toContain('Usage: npm ');
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.stdout).toBe('');
  });
});

describe('a wrong call names what is wrong', () => {
  it.each([
    ['admin', ['frob', '--email', 'a@example.test'], 'Unknown command "frob".'],
    ['admin', ['create-token'], '--email is required.'],
    [
      'bench',
      ['nosuch'],
      'Unknown benchmark nosuch; the benchmarks are validation, runs, reads, approvals, scim, sync, ldap, console, scim-out, reviews.',
    ],
    ['faults', ['nosuch'], 'Unknown scenarios nosuch.'],
    ['db:migration', ['Bad-Name'], 'Usage: npm run db:migration -- <name>'],
  ])('npm run %s -- %j exits 2 saying %s', async (name, args, message) => {
    const run = await runScript(name, args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });
});
