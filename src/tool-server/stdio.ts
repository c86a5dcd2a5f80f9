#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiClient } from './api-client.js';
import { loadToolServerConfig } from './config.js';
import { createToolServer } from './server.js';

// npm run tools — the tool server over stdio, as an assistant's configuration launches it.
// stdout carries protocol messages only; everything else goes to stderr.

try {
  const config = loadToolServerConfig(process.env);
  if (!config.apiToken) throw new Error('SVC_API_TOKEN is required: the tools act with this API token');
  const api = createApiClient({ baseUrl: config.apiUrl, token: config.apiToken, timeoutMs: config.apiTimeoutMs });
  await createToolServer(api).connect(new StdioServerTransport());
  console.error(`Flowgate tool server on stdio, API ${config.apiUrl}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
