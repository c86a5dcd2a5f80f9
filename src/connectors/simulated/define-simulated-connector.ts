import {
  simulatedFailure,
  type CommandSpec,
  type ConnectorExecuteRequest,
  type ConnectorHandler,
  type ConnectorResult,
  type ExecutionContext,
} from '../handler.js';
import { isConnectorError } from '../connector-error.js';

/** A command's contract and its synchronous, in-memory implementation. */
export interface SimulatedCommand extends CommandSpec {
  run(parameters: Record<string, unknown>): ConnectorResult;
}

/** A simulated connector: its handler, and a way back to its seeded data. */
export interface SimulatedConnector {
  handler: ConnectorHandler;
  /** Discards every change made through the handler and restores the seeded state. */
  reset(): void;
}

export interface SimulatedConnectorDefinition {
  name: string;
  version: string;
  description: string;
  defaultCommand: string;
  commands: Record<string, SimulatedCommand>;
}

/**
 * The handler around a set of commands, applying the rules every simulated connector shares:
 * `simulateFailure` first (spec 2.6), then the command, with every throw turned into a result.
 */
export function defineSimulatedConnector(definition: SimulatedConnectorDefinition): ConnectorHandler {
  const commands: Record<string, CommandSpec> = {};
  for (const [name, { run: _run, ...spec }] of Object.entries(definition.commands)) commands[name] = spec;

  return {
    name: definition.name,
    version: definition.version,
    description: definition.description,
    defaultCommand: definition.defaultCommand,
    commands,
    async execute(request: ConnectorExecuteRequest, context: ExecutionContext): Promise<ConnectorResult> {
      const simulated = simulatedFailure(definition.name, request.config.simulateFailure);
      if (simulated) return simulated;
      if (context.signal.aborted) return { success: false, error: 'The call was aborted', code: 'aborted' };

      const commandName = request.config.command || definition.defaultCommand;
      const command = Object.hasOwn(definition.commands, commandName) ? definition.commands[commandName] : undefined;
      if (!command)
        return {
          success: false,
          error: `Unknown command '${commandName}' for ${definition.name}; known: ${Object.keys(commands).join(', ')}`,
          code: 'unknown_command',
        };
      try {
        return command.run(request.config.parameters ?? {});
      } catch (error) {
        if (isConnectorError(error)) return { success: false, error: error.message, code: error.code };
        const message = error instanceof Error ? error.message : String(error);
        return { success: false, error: `${definition.name} failed: ${message}`, code: 'internal_error' };
      }
    },
  };
}
