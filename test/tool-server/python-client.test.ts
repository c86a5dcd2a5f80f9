import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ensurePythonMcp, PYTHON_MCP_VERSION } from '../../scripts/local/python-mcp-client.js';
import { useTestApp } from '../support/app.js';
import { STDIO_ENTRY, startToolHttpServer, type ToolHttpServer } from '../support/tool-server.js';
import { createUserWithToken } from '../support/users.js';

/**
 * An independent client, the official Python MCP SDK (`mcp` from PyPI, pinned), drives a scripted
 * session (python-client-session.py) over stdio and Streamable HTTP: tools filtered to the token,
 * compact lists with a cursor, the export overview, confirmation by `confirm: true` and by
 * elicitation, resource templates and completion, and attribution in the audit.
 */

const context = useTestApp();
let python: string;
let httpServer: ToolHttpServer;
let adminToken: string;
let readerToken: string;

const SESSION_SCRIPT = path.resolve('test/tool-server/python-client-session.py');
const CLIENT_NAME = 'python-mcp-session';

/** Runs the Python session with `config`, answering what it printed. */
function runSession(config: Record<string, unknown>): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [SESSION_SCRIPT, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the Python session exited with ${code}: ${stderr.slice(-4000)}`));
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`the Python session printed no JSON: ${stdout.slice(-2000)} ${stderr.slice(-2000)}`));
      }
    });
  });
}

const draft = async (name: string) => {
  const created = await context.api.request('POST', '/api/workflows', {
    token: adminToken,
    body: {
      name,
      steps: [
        { id: 'start', name: 'Start', type: 'start', transitions: [{ on: 'success', goto: 'end' }] },
        { id: 'end', name: 'End', type: 'end' },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; name: string };
};

beforeAll(async () => {
  python = await ensurePythonMcp();
  const { db } = context.database;
  adminToken = (await createUserWithToken(db, ['admin'])).token;
  readerToken = (await createUserWithToken(db, ['admin'], ['workflow:read', 'run:read'])).token;
  httpServer = await startToolHttpServer(context.api.baseUrl);
  for (let index = 0; index < 5; index += 1) {
    const created = await context.api.request('POST', '/api/connectors', {
      token: adminToken,
      body: {
        name: `py-sized-${index}`,
        type: 'scim',
        config: { baseUrl: `https://app${index}.example.test/scim/v2`, authentication: 'bearer' },
      },
    });
    expect(created.status).toBe(201);
  }
}, 300_000);

afterAll(async () => {
  await httpServer?.close();
});

describe(`the Python MCP SDK ${PYTHON_MCP_VERSION} as an independent client`, () => {
  it('drives a session over stdio and Streamable HTTP covering filtering, compact answers, confirmations, completion and attribution', async () => {
    const first = await draft(`Py draft one ${Date.now()}`);
    const second = await draft(`Py draft two ${Date.now()}`);
    const seen = await runSession({
      node: process.execPath,
      entry: STDIO_ENTRY,
      cwd: process.cwd(),
      path: process.env.PATH ?? '',
      apiUrl: context.api.baseUrl,
      httpUrl: httpServer.url,
      adminToken,
      readerToken,
      draftId: first.id,
      secondDraftId: second.id,
    });
    const readTools = [
      'diagnose_run',
      'generate_workflow_docs',
      'get_run',
      'get_workflow',
      'list_runs',
      'list_workflows',
      'validate_workflow',
    ];
    for (const transport of ['readerStdio', 'readerHttp']) {
      expect({ transport, ...seen[transport] }).toEqual({
        transport,
        tools: readTools,
        hidden: [
          true,
          [
            'The tool start_run is not available in this session: the API token lacks workflow:start. Only the listed tools (tools/list) can be called.',
          ],
        ],
      });
    }

    const http = seen.adminHttp;
    expect(http.toolListBytes).toBeLessThan(15 * 1024);
    expect(http.firstText[0]).toBe('5 connector(s) in total; 2 here; more with cursor (nextCursor).');
    expect(http.connectorNames).toEqual(['py-sized-0', 'py-sized-1', 'py-sized-2', 'py-sized-3', 'py-sized-4']);
    expect(http.pages).toBe(3);
    expect(http.overview).toMatch(/^Overview, not the document: the whole document is \d+ characters/);
    expect(http.described).toEqual([
      false,
      expect.stringMatching(/^Not done yet, confirmation needed: Publish the draft/),
    ]);
    expect(http.published).toEqual([false, 'active']);

    const stdio = seen.adminStdio;
    expect(stdio.templates).toEqual(['connector://{name}', 'run://{id}', 'workflow://{id}']);
    expect(stdio.completedByPrefix).toEqual([second.id]);
    expect(stdio.completedByName).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(stdio.completedConnectors).toEqual(['py-sized-0', 'py-sized-1', 'py-sized-2', 'py-sized-3', 'py-sized-4']);
    expect(stdio.read).toBe(second.name);
    expect(stdio.declined).toBe(
      `Not done: the user did not confirm (decline). Publish the draft ${JSON.stringify(second.name)}: it becomes the active workflow that runs start from.`,
    );
    expect(stdio.accepted).toEqual([false, 'active']);
    expect(stdio.asked).toHaveLength(2);

    // Both publishes are audited as the tool server's, with the Python client's name.
    for (const workflow of [first, second]) {
      const entries = await context.database.db.auditLog.findMany({
        where: { targetId: workflow.id, action: { contains: 'publish' } },
      });
      expect(entries.map((entry) => entry.metadata)).toEqual([
        expect.objectContaining({ via: 'api_token', channel: 'tool_server', client: CLIENT_NAME }),
      ]);
    }
  }, 60_000);
});
