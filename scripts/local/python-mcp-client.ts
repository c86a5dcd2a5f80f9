import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The official Python MCP SDK (`mcp` from PyPI), an MCP client independent of this service's
 * TypeScript SDK, for the tool server's tests: in a Python virtual environment made on first use in
 * the temporary folder, keyed by the pinned version, as scripts/local/scim2-server.ts does.
 */

/** The version installed; a new pin makes a new environment beside the old one. */
export const PYTHON_MCP_VERSION = '1.30.0';

export function pythonMcpEnvironment(): string {
  return path.join(tmpdir(), `flowgate-python-mcp-${PYTHON_MCP_VERSION}`);
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000 });
  if (result.error) throw new Error(`${what} failed: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}): ${result.stderr || result.stdout}`);
}

/**
 * The environment's Python, installing `mcp` first when missing, into a folder of its own renamed
 * into place once complete, so that a test starting at the same time never sees half of it.
 */
export async function ensurePythonMcp(): Promise<string> {
  const environment = pythonMcpEnvironment();
  const python = path.join(environment, 'bin', 'python');
  if (existsSync(path.join(environment, 'complete'))) return python;
  const building = await mkdtemp(`${environment}.building-`);
  try {
    run('python3', ['-m', 'venv', building], 'python3 -m venv (Debian: apt-get install python3-venv)');
    run(
      path.join(building, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', `mcp==${PYTHON_MCP_VERSION}`],
      `pip install mcp==${PYTHON_MCP_VERSION}`,
    );
    await writeFile(path.join(building, 'complete'), '');
    await rename(building, environment).catch(async () => {
      await rm(building, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  return python;
}
