import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { createToolHttpServer, MCP_PATH } from '../../src/tool-server/http-server.js';
import { pollUntil } from './poll.js';

export const STDIO_ENTRY = path.resolve('src/tool-server/stdio.ts');

/** The client's name and capabilities, as it declares them at initialize. */
export interface ClientIdentity {
  name?: string;
  capabilities?: ClientCapabilities;
  /** Called before connecting, to install request handlers (elicitation). */
  prepare?(client: Client): void;
}

const clientOf = (identity: ClientIdentity = {}) => {
  const client = new Client(
    { name: identity.name ?? 'flowgate-tests', version: '1.0.0' },
    { capabilities: identity.capabilities ?? {} },
  );
  identity.prepare?.(client);
  return client;
};

/** An MCP client talking to `npm run tools` (the stdio entry point) as an assistant launches it. */
export async function connectStdio(
  env: Record<string, string>,
  identity?: ClientIdentity,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', STDIO_ENTRY],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const client = clientOf(identity);
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export interface ToolHttpServer {
  url: string;
  close(): Promise<void>;
}

/** The Streamable HTTP tool server on a free loopback port. */
export async function startToolHttpServer(apiUrl: string, apiToken?: string): Promise<ToolHttpServer> {
  const server = createToolHttpServer({ apiUrl, apiToken, apiTimeoutMs: 10_000, host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${MCP_PATH}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An MCP client over Streamable HTTP, sending `token` as its own bearer token when given. */
export async function connectHttp(url: string, token?: string, identity?: ClientIdentity): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  });
  const client = clientOf(identity);
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its result, typed for assertions. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Calls a tool that must succeed and returns its structured content. */
export async function toolData(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await callTool(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** The text of a tool result's first content block. */
export const firstText = (result: CallToolResult): string => {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
};

export interface SilentServer {
  url: string;
  /** Polls until `count` requests are open, for at most `timeoutMs`; answers the last count seen. */
  openRequestsReach(count: number, timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

/** A local HTTP server that accepts connections and never answers; counts the requests still open. */
export async function startSilentServer(): Promise<SilentServer> {
  let open = 0;
  const server = http.createServer((request) => {
    open += 1;
    request.socket.once('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openRequestsReach: (count, timeoutMs) =>
      pollUntil(
        async () => open,
        (seen) => seen === count,
        { timeoutMs },
      ),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
