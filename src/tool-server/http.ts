#!/usr/bin/env node
import { loadToolServerConfig } from './config.js';
import { createToolHttpServer, listensOnLoopback, MCP_PATH } from './http-server.js';

// npm run tools:http — the tool server over Streamable HTTP, for remote assistants.

function configOrExit() {
  try {
    return loadToolServerConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const config = configOrExit();
const { host, port } = config;
const server = createToolHttpServer(config);
server.on('error', (error) => {
  console.error(`Tool server cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  console.error(`Flowgate tool server on http://${host}:${port}${MCP_PATH}, API ${config.apiUrl}`);
  if (config.apiToken && !listensOnLoopback(config))
    console.error(`SVC_API_TOKEN is not used on ${host}: every caller sends its own token (docs/tool-server.md)`);
});

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
