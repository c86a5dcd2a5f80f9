import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000 });
  if (result.error) throw new Error(`${what} failed: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}): ${result.stderr || result.stdout}`);
}

/** The folder of the virtual environment named `name` (a name that carries the pinned versions). */
export const pythonEnvironmentFolder = (name: string) => path.join(tmpdir(), name);

/**
 * The Python of a virtual environment in the temporary folder holding `packages` (pinned
 * `name==version` requirements), made on first use: `python3 -m venv` and `pip install` into a
 * folder of its own that is renamed into place once complete, so a test file starting at the same
 * time never sees half an environment. Run its programs as `python -m …`: the scripts pip writes
 * name the interpreter by the path the environment was built at, which the rename changes.
 */
export async function ensurePythonEnvironment(name: string, packages: readonly string[]): Promise<string> {
  const environment = pythonEnvironmentFolder(name);
  const python = path.join(environment, 'bin', 'python');
  if (existsSync(path.join(environment, 'complete'))) return python;
  const building = await mkdtemp(`${environment}.building-`);
  try {
    run('python3', ['-m', 'venv', building], 'python3 -m venv (Debian: apt-get install python3-venv)');
    run(
      path.join(building, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', ...packages],
      `pip install ${packages.join(' ')}`,
    );
    await writeFile(path.join(building, 'complete'), '');
    await rename(building, environment).catch(async () => {
      // Another process finished first: its environment is as good as this one.
      await rm(building, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  return python;
}
