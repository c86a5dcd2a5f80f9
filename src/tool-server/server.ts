import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from './api-client.js';
import { LIST_INSTRUCTIONS } from './list-answers.js';
import { registerPrompts, UNTRUSTED_DATA_RULE } from './prompts.js';
import { registerResources } from './resources.js';
import { registerResourceTemplates } from './templates.js';
import { ALL_TOOLS, hiddenToolMessage, type ToolAccess } from './tool-access.js';
import { registerTools, type ToolContext } from './tools.js';

const TOOL_SERVER_INFO = { name: 'flowgate', version: '0.1.0' } as const;

const INSTRUCTIONS = [
  'Tools for Flowgate, a workflow automation and access provisioning service.',
  'Before writing a definition, read svc://schema/workflow-definition and svc://schema/step-types.',
  'Authoring: validate_workflow (strict) until valid, create_workflow, publish_workflow, generate_workflow_docs.',
  'Diagnosis: list_runs with status failed, diagnose_run, then retry_run or skip_step.',
  'Every tool acts with the permissions of the API token; a refusal names the missing permission.',
  LIST_INSTRUCTIONS,
  'publish_workflow, import_config (dryRun false), cancel_run, retry_run, and start_run of a workflow that may change access, first ask the user to confirm; where the client cannot ask, the first call only describes the effect: show it to the user, and call again with confirm: true only once they agree.',
  UNTRUSTED_DATA_RULE,
].join('\n');

/**
 * The SDK answers a call to a tool it does not list with the tool error "Tool x not found"; for
 * the tools this session leaves out, the error says why instead. The SDK offers no hook for that
 * answer but its (typed private) createToolError, so that method is wrapped on this instance; a
 * test calls a hidden tool and reads the reason.
 */
function explainHiddenTools(server: McpServer, hidden: ReadonlyMap<string, string>): void {
  const sdk = server as unknown as { createToolError(message: string): CallToolResult };
  const createToolError = sdk.createToolError.bind(server);
  sdk.createToolError = (message) => {
    const name = /Tool (\S+) not found$/.exec(message)?.[1];
    const reason = name === undefined ? undefined : hidden.get(name);
    return createToolError(reason === undefined ? message : hiddenToolMessage(name!, reason));
  };
}

/** One MCP server with the tools `access` allows, every resource and prompt, acting through `api`. */
export function createToolServer(
  api: ApiClient,
  access: ToolAccess = ALL_TOOLS,
  context: ToolContext = { elicitation: false },
): McpServer {
  const server = new McpServer(TOOL_SERVER_INFO, {
    instructions: INSTRUCTIONS,
    // Declared even when a token allows no tool at all, so that tools/list answers an empty list.
    capabilities: { tools: {} },
  });
  const { listed, hidden } = registerTools(server, api, access, context);
  explainHiddenTools(server, hidden);
  // The SDK lists the schemas it validates with; the list sent instead is compact (compactJsonSchema,
  // and light schemas of the large arguments), since every session pays for it in its context.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  registerResources(server);
  registerResourceTemplates(server, api);
  registerPrompts(server, api);
  return server;
}
