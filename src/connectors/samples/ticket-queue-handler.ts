import type { ConnectorHandler, ConnectorResult } from '../handler.js';

/**
 * A sample custom connector handler: a ticket queue kept in memory. It shows everything a
 * custom handler provides (name, version, commands with parameter schemas and idempotency, a
 * test command, errors as data) and how it is registered: point CONNECTOR_HANDLER_PATHS at the
 * compiled module (dist/src/connectors/samples/ticket-queue-handler.js) and create a connector
 * with `type: "ticket-queue"` and `executionModel: "custom"`.
 */
export default function createTicketQueueHandler(): ConnectorHandler {
  const tickets = new Map<string, { id: string; title: string; requester: string; status: 'open' | 'closed' }>();

  const found = (data: Record<string, unknown>): ConnectorResult => ({ success: true, data });
  const missing = (id: string): ConnectorResult => ({
    success: false,
    error: `Ticket ${id} not found`,
    code: 'not_found',
  });

  return {
    name: 'ticket-queue',
    version: '1.0.0',
    description: 'Sample custom handler: an in-memory ticket queue',
    defaultCommand: 'test',
    commands: {
      test: {
        description: 'Checks the queue answers',
        idempotent: true,
        parameters: { type: 'object', additionalProperties: false },
      },
      createTicket: {
        description: 'Opens a ticket; the same key opens it once',
        idempotent: true,
        writes: true,
        parameters: {
          type: 'object',
          required: ['key', 'title', 'requester'],
          additionalProperties: false,
          properties: {
            key: { type: 'string', minLength: 1 },
            title: { type: 'string', minLength: 1 },
            requester: { type: 'string' },
          },
        },
      },
      closeTicket: {
        description: 'Closes a ticket',
        idempotent: true,
        writes: true,
        parameters: {
          type: 'object',
          required: ['key'],
          additionalProperties: false,
          properties: { key: { type: 'string' } },
        },
      },
    },
    async execute({ config }) {
      const { command, parameters } = config;
      const key = String(parameters.key ?? '');
      switch (command) {
        case 'test':
          return found({ tickets: tickets.size });
        case 'createTicket': {
          const ticket = tickets.get(key) ?? {
            id: key,
            title: String(parameters.title),
            requester: String(parameters.requester),
            status: 'open' as const,
          };
          tickets.set(key, ticket);
          return found({ ticket });
        }
        case 'closeTicket': {
          const ticket = tickets.get(key);
          if (!ticket) return missing(key);
          ticket.status = 'closed';
          return found({ ticket });
        }
        default:
          return { success: false, error: `Unknown command ${command}`, code: 'unknown_command' };
      }
    },
  };
}
