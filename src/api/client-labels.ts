import type { Principal } from '../permissions/index.js';
import type { AppContext } from './context.js';

/**
 * The tool server says which program made a call (X-Flowgate-Via: tool_server) and for which
 * assistant client (X-Flowgate-Client: its name from MCP initialize), so that the audit can say
 * "through the tool server, by Claude Code". Any caller can send these headers: they are labels
 * in audit metadata, never used to authorize, and the client name is cut to printable characters
 * and a bounded length.
 */

export const CLIENT_LABEL_HEADERS = { via: 'x-flowgate-via', client: 'x-flowgate-client' } as const;
const MAX_CLIENT_NAME_LENGTH = 100;
const KNOWN_CHANNELS = ['tool_server'] as const;

export interface ClientLabels {
  channel: (typeof KNOWN_CHANNELS)[number];
  client?: string;
}

/** The labels of a request made with an API token, when it carries a known channel. */
export function clientLabelsOf(ctx: AppContext, principal: Principal): ClientLabels | undefined {
  if (principal.via !== 'api_token') return undefined;
  const channel = KNOWN_CHANNELS.find((known) => known === ctx.get(CLIENT_LABEL_HEADERS.via));
  if (!channel) return undefined;
  const client = ctx
    .get(CLIENT_LABEL_HEADERS.client)
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, MAX_CLIENT_NAME_LENGTH);
  return client ? { channel, client } : { channel };
}
