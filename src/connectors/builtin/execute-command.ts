import type { z } from 'zod';
import type { CommandSpec, ConnectorExecuteRequest, ConnectorResult } from '../handler.js';
import type { BuiltinCommand } from './define-command.js';
import { describeIssues, failure, failureFromError } from './handler-results.js';

/** What one built-in handler adds to the shell every `execute` of theirs shares. */
export interface CommandShell<S extends z.ZodType, C> {
  /** The handler's name, for the message about a command it lacks. */
  handler: string;
  connectionSchema: S;
  commands: Readonly<Record<string, BuiltinCommand<C>>>;
  /**
   * Adds the parsed connection's secrets to `secrets` and checks what the schema cannot: a failure,
   * or what builds the call once the command is known.
   */
  prepare(connection: z.output<S>, secrets: string[]): ConnectorResult | (() => C);
  /** Wraps the command's run (the ldap handler stops waiting once the signal aborts). */
  around?(run: Promise<ConnectorResult>): Promise<ConnectorResult>;
  /** What a thrown error is reported as, before its secrets are scrubbed. */
  errorOf?(error: unknown): unknown;
}

/**
 * Runs the requested command of a built-in handler: parses the connection, finds the command and
 * turns anything thrown into a failure, every message scrubbed of the connection's secrets.
 */
export async function executeCommand<S extends z.ZodType, C>(
  shell: CommandShell<S, C>,
  config: ConnectorExecuteRequest['config'],
): Promise<ConnectorResult> {
  const secrets: string[] = [];
  try {
    const parsed = shell.connectionSchema.safeParse(config.connection);
    if (!parsed.success)
      return failure('invalid_configuration', `Connection settings: ${describeIssues(parsed.error.issues)}`);
    const prepared = shell.prepare(parsed.data, secrets);
    if (typeof prepared !== 'function') return prepared;

    const name = config.command;
    const command = Object.hasOwn(shell.commands, name) ? shell.commands[name] : undefined;
    if (!command) return failure('unknown_command', `The ${shell.handler} connector has no command ${name}`, secrets);
    const run = command.execute(prepared(), config.parameters);
    return await (shell.around ? shell.around(run) : run);
  } catch (error) {
    return failureFromError(shell.errorOf ? shell.errorOf(error) : error, secrets);
  }
}

/** The specs a handler publishes for its commands. */
export function commandSpecs<C>(commands: Readonly<Record<string, BuiltinCommand<C>>>): Record<string, CommandSpec> {
  return Object.fromEntries(Object.entries(commands).map(([name, command]) => [name, command.spec]));
}
