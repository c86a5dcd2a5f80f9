import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * A person confirms before a tool publishes, imports, cancels, retries, or starts a run that may
 * change access. A client that supports elicitation asks its user with a summary of the effect;
 * with any other client (and over stateless HTTP, where the server cannot send the client a
 * request) the first call only describes the effect, and the tool acts when called again with
 * `confirm: true`, which the model should send only once its user agreed.
 */

/** The argument that confirms, where the client cannot be asked. */
export const confirmArgument = z.boolean().optional();

/** How long a user may take to answer the confirmation. */
const ELICITATION_TIMEOUT_MS = 10 * 60_000;

export type Confirmation = { confirmed: true } | { confirmed: false; result: CallToolResult };

/** Whether the session's client can be asked to confirm (stdio, a client declaring elicitation). */
export function canElicit(server: McpServer, elicitation: boolean): boolean {
  return elicitation && server.server.getClientCapabilities()?.elicitation !== undefined;
}

/** Asks the user through the client, or checks `confirm`, before `tool` does `effect`. */
export async function confirm(
  server: McpServer,
  options: { elicitation: boolean; tool: string; effect: string; confirmed?: boolean; signal?: AbortSignal },
): Promise<Confirmation> {
  const { tool, effect } = options;
  if (canElicit(server, options.elicitation)) {
    const answer = await server.server.elicitInput(
      {
        message: `${effect}\n\nDo it?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Confirm', description: `Let ${tool} do this` } },
          required: ['confirm'],
        },
      },
      { timeout: ELICITATION_TIMEOUT_MS, signal: options.signal },
    );
    if (answer.action === 'accept' && answer.content?.confirm === true) return { confirmed: true };
    return {
      confirmed: false,
      result: {
        content: [{ type: 'text', text: `Not done: the user did not confirm (${answer.action}). ${effect}` }],
        structuredContent: { done: false, userAnswer: answer.action, effect },
      },
    };
  }
  if (options.confirmed === true) return { confirmed: true };
  return {
    confirmed: false,
    result: {
      content: [
        {
          type: 'text',
          text: `Not done yet, confirmation needed: ${effect} Show this to the user; once they agree, call ${tool} again with the same arguments and confirm: true.`,
        },
      ],
      structuredContent: { done: false, confirmationRequired: true, effect },
    },
  };
}
