import type { Permission } from '../permissions/index.js';

/**
 * Which tools a session lists: those of the toolsets the operator enabled, only the read-only ones
 * in read-only mode, and only those the token's permissions allow. A tool left out is not listed,
 * and a call to it is a tool error saying why, so that an assistant never sees tools that can
 * only answer 403.
 */

/** The toolsets an operator can choose with TOOLS_ENABLED; docs/tool-server.md lists their tools. */
export const TOOLSETS = ['workflows', 'runs', 'connectors', 'directory', 'schedules', 'config', 'reviews'] as const;
export type Toolset = (typeof TOOLSETS)[number];

/** What a tool needs to be listed. */
export interface ToolRequirements {
  name: string;
  toolset: Toolset;
  /** Every permission the tool's API route needs. */
  permissions: readonly Permission[];
  readOnly: boolean;
}

export interface ToolAccess {
  toolsets: ReadonlySet<Toolset>;
  readOnly: boolean;
  /**
   * The token's effective permissions, from `GET /api/auth/me`; undefined when the API could not
   * say (it was not up at start), and then every tool is listed and the API refuses what it must.
   */
  permissions?: ReadonlySet<string>;
}

/** Every tool of every toolset, no permission filter: what tests and a server without a known token see. */
export const ALL_TOOLS: ToolAccess = { toolsets: new Set(TOOLSETS), readOnly: false };

/** Why `tool` is not listed for `access`, or undefined when it is. */
export function hiddenBecause(tool: ToolRequirements, access: ToolAccess): string | undefined {
  if (!access.toolsets.has(tool.toolset))
    return `its toolset ${tool.toolset} is not in the tool server's TOOLS_ENABLED`;
  if (access.readOnly && !tool.readOnly)
    return 'the tool server is read-only (TOOLS_READ_ONLY=true) and this tool writes';
  const missing = access.permissions ? tool.permissions.filter((name) => !access.permissions!.has(name)) : [];
  if (missing.length > 0) return `the API token lacks ${missing.join(' and ')}`;
  return undefined;
}

/** The tool error text of a call to a tool the session does not list. */
export const hiddenToolMessage = (name: string, reason: string) =>
  `The tool ${name} is not available in this session: ${reason}. Only the listed tools (tools/list) can be called.`;
