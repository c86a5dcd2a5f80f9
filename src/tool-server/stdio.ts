#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiClient } from './api-client.js';
import { loadToolServerConfig } from './config.js';
import { createToolServer } from './server.js';
import { checkToken } from './token-check.js';

// npm run tools — the tool server over stdio, as an assistant's configuration launches it.
// stdout carries protocol messages only; everything else goes to stderr.

// The start does not wait longer than this for the API to judge the token: an API that is down
// now may be up by the first call, which then says what is wrong.
const START_CHECK_TIMEOUT_MS = 3_000;

try {
  const config = loadToolServerConfig(process.env);
  if (!config.apiToken) throw new Error('SVC_API_TOKEN is required: the tools act with this API token');
  const client = { baseUrl: config.apiUrl, token: config.apiToken };
  const check = createApiClient({ ...client, timeoutMs: Math.min(config.apiTimeoutMs, START_CHECK_TIMEOUT_MS) });
  const { refusal, permissions } = await checkToken(check);
  if (refusal) throw new Error(`SVC_API_TOKEN is refused by the Flowgate API: ${refusal}`);
  const access = { toolsets: new Set(config.toolsets), readOnly: config.readOnly ?? false, permissions };
  // The client's name is known once it has initialized, which is before any tool call.
  const clientName = () => server.server.getClientVersion()?.name;
  const api = createApiClient({ ...client, timeoutMs: config.apiTimeoutMs, clientName });
  // Over stdio the server can ask the client's user to confirm (when the client supports it).
  const server = createToolServer(api, access, { elicitation: true });
  await server.connect(new StdioServerTransport());
  console.error(`Flowgate tool server on stdio, API ${config.apiUrl}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
