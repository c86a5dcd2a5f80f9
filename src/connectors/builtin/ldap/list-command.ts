import { defineListCommand as defineBuiltinListCommand } from '../list-command.js';
import type { LdapCall, LdapCommand } from './command.js';
import { listParameters } from './listing.js';
import type { RecordKind } from './records.js';

/** A list command: the contract's parameters, paged through by sync passes. */
export function defineListCommand(kind: RecordKind, description: string): LdapCommand {
  return defineBuiltinListCommand(description, listParameters, (call: LdapCall, parameters) =>
    call.listings.page(call.settings, () => call.open(), kind, parameters),
  );
}
