import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ApiClient, ApiRequest } from './api-client.js';
import { inToolWords } from './results.js';

/**
 * Workflows, runs and connectors as resources (`workflow://{id}`, `run://{id}`,
 * `connector://{name}`), and completion of their identifiers in these templates and in the
 * prompts' arguments, so that nobody pastes UUIDs. Each read and each completion is one API call
 * with the session's token, so it shows only what the token may read.
 */

/** The most suggestions one completion answers (the MCP limit is 100). */
const MAX_SUGGESTIONS = 20;
// Completion reads one page of recent items; a value narrows them by id prefix or name.
const COMPLETION_PAGE_SIZE = 100;

const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
const workflowItem = z.object({ id: z.string(), name: z.string() });
const runItem = z.object({ id: z.string(), definitionName: z.string() });
const connectorItem = z.object({ id: z.string(), name: z.string() });

async function listed<T extends z.ZodType>(api: ApiClient, request: ApiRequest, item: T): Promise<z.output<T>[]> {
  const result = await api.call(request);
  if (!result.ok) return [];
  const page = pageOf(item).safeParse(result.data);
  return page.success ? page.data.data : [];
}

const matches = (value: string, id: string, name: string) =>
  id.startsWith(value) || name.toLowerCase().includes(value.toLowerCase());

/** Completers of workflow ids, run ids and connector names, by what they complete. */
export function completers(api: ApiClient) {
  return {
    async workflowId(value: string): Promise<string[]> {
      const items = await listed(
        api,
        { method: 'GET', path: '/api/workflows', query: { pageSize: COMPLETION_PAGE_SIZE } },
        workflowItem,
      );
      return items
        .filter((item) => matches(value, item.id, item.name))
        .slice(0, MAX_SUGGESTIONS)
        .map((item) => item.id);
    },
    async runId(value: string): Promise<string[]> {
      const items = await listed(
        api,
        { method: 'GET', path: '/api/runs', query: { pageSize: COMPLETION_PAGE_SIZE } },
        runItem,
      );
      return items
        .filter((item) => matches(value, item.id, item.definitionName))
        .slice(0, MAX_SUGGESTIONS)
        .map((item) => item.id);
    },
    async connectorName(value: string): Promise<string[]> {
      const items = await listed(
        api,
        {
          method: 'GET',
          path: '/api/connectors',
          query: { pageSize: COMPLETION_PAGE_SIZE, search: value || undefined },
        },
        connectorItem,
      );
      return items.slice(0, MAX_SUGGESTIONS).map((item) => item.name);
    },
  };
}

/** The API's answer as the resource's JSON text, or an error naming why it cannot be read. */
async function readJson(api: ApiClient, uri: URL, request: ApiRequest) {
  const result = await api.call(request);
  if (!result.ok)
    throw new Error(`${uri.href} cannot be read: ${inToolWords(result.failure.message)} (code ${result.failure.code})`);
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(result.data) }] };
}

const single = (value: string | string[] | undefined) =>
  decodeURIComponent((Array.isArray(value) ? value[0] : value) ?? '');

export function registerResourceTemplates(server: McpServer, api: ApiClient): void {
  const complete = completers(api);
  server.registerResource(
    'workflow',
    new ResourceTemplate('workflow://{id}', { list: undefined, complete: { id: complete.workflowId } }),
    {
      title: 'A workflow',
      description: 'The full definition of a workflow, as get_workflow answers it',
      mimeType: 'application/json',
    },
    (uri, variables) =>
      readJson(api, uri, { method: 'GET', path: `/api/workflows/${encodeURIComponent(single(variables.id))}` }),
  );
  server.registerResource(
    'run',
    new ResourceTemplate('run://{id}', { list: undefined, complete: { id: complete.runId } }),
    {
      title: 'A run',
      description: 'A run with its status, variables and steps, as get_run answers it',
      mimeType: 'application/json',
    },
    (uri, variables) =>
      readJson(api, uri, { method: 'GET', path: `/api/runs/${encodeURIComponent(single(variables.id))}` }),
  );
  server.registerResource(
    'connector',
    new ResourceTemplate('connector://{name}', { list: undefined, complete: { name: complete.connectorName } }),
    {
      title: 'A connector',
      description: 'A connector by name, with its commands (configSchema)',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const name = single(variables.name);
      const found = (
        await listed(
          api,
          { method: 'GET', path: '/api/connectors', query: { search: name, pageSize: COMPLETION_PAGE_SIZE } },
          connectorItem,
        )
      ).find((item) => item.name === name);
      if (!found) throw new Error(`${uri.href} cannot be read: no connector is named ${JSON.stringify(name)}`);
      return readJson(api, uri, { method: 'GET', path: `/api/connectors/${found.id}` });
    },
  );
}
