import { type BuiltinCommand, commandDefiner } from '../define-command.js';
import type { Capabilities } from './capabilities.js';
import type { ScimTarget } from './scim-client.js';

/** What a command works with: the target, its capabilities and the connector's user mapping. */
export interface ScimSession extends ScimTarget {
  /** Read from the target on first use and cached; `refresh` reads them again. */
  capabilities(options?: { refresh?: boolean }): Promise<Capabilities>;
  /** SCIM attribute path → profile source: the defaults with the connector's `mapping` over them. */
  readonly mapping: Map<string, string>;
}

/** One command of the scim handler: its published spec, and its run on parsed parameters. */
export type ScimCommand = BuiltinCommand<ScimSession>;

export const defineCommand = commandDefiner<ScimSession>();
