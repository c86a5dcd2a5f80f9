import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiClient } from './api-client.js';
import { registerPrompts, UNTRUSTED_DATA_RULE } from './prompts.js';
import { registerResources } from './resources.js';
import { registerTools } from './tools.js';

const TOOL_SERVER_INFO = { name: 'flowgate', version: '0.1.0' } as const;

const INSTRUCTIONS = [
  'Tools for Flowgate, a workflow automation and access provisioning service.',
  'Before writing a definition, read svc://schema/workflow-definition and svc://schema/step-types.',
  'Authoring: validate_workflow (strict) until valid, create_workflow, publish_workflow, generate_workflow_docs.',
  'Diagnosis: list_runs with status failed, diagnose_run, then retry_run or skip_step.',
  'Every tool acts with the permissions of the API token; a refusal names the missing permission.',
  UNTRUSTED_DATA_RULE,
].join('\n');

/** One MCP server with every tool, resource and prompt, acting through `api`. */
export function createToolServer(api: ApiClient): McpServer {
  const server = new McpServer(TOOL_SERVER_INFO, { instructions: INSTRUCTIONS });
  registerTools(server, api);
  registerResources(server);
  registerPrompts(server);
  return server;
}
