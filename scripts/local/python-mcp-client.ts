import { ensurePythonEnvironment } from './python-environment.js';

/**
 * The official Python MCP SDK (`mcp` from PyPI), an MCP client independent of this service's
 * TypeScript SDK, for the tool server's tests: in a Python virtual environment made on first use in
 * the temporary folder, keyed by the pinned version (scripts/local/python-environment.ts).
 */

/** The version installed; a new pin makes a new environment beside the old one. */
export const PYTHON_MCP_VERSION = '1.30.0';

/** The Python of the virtual environment holding `mcp`, made on first use (`ensurePythonEnvironment`). */
export function ensurePythonMcp(): Promise<string> {
  return ensurePythonEnvironment(`flowgate-python-mcp-${PYTHON_MCP_VERSION}`, [`mcp==${PYTHON_MCP_VERSION}`]);
}
