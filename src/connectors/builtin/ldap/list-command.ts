import { LIST_COMMAND_PARAMETERS } from '../../list-command-parameters.js';
import { defineCommand, type LdapCommand } from './command.js';
import { listParameters } from './listing.js';
import type { RecordKind } from './records.js';

/** A list command: the contract's parameters, paged through by sync passes. */
export function defineListCommand(kind: RecordKind, description: string): LdapCommand {
  return defineCommand({
    description,
    idempotent: true,
    syncCapable: true,
    parameters: listParameters,
    publishedParameters: LIST_COMMAND_PARAMETERS,
    run: (call, parameters) => call.listings.page(call.settings, () => call.open(), kind, parameters),
  });
}
