import type { Client } from 'ldapts';
import type { LinkedUserRecord } from '../../handler.js';
import { type BuiltinCommand, commandDefiner } from '../define-command.js';
import type { ListingSessions } from './listing.js';
import type { LdapSettings } from './settings.js';

/** What a command of the ldap handler works with during one call. */
export interface LdapCall {
  readonly settings: LdapSettings;
  /** The bind password and any password a command sets, kept out of every message. */
  readonly secrets: string[];
  /** Runs `work` on a pooled bound connection (a fresh one once if the pooled one was closed). */
  withClient<T>(work: (client: Client) => Promise<T>): Promise<T>;
  /** Opens a bound connection of the caller's own (list passes keep theirs). */
  open(): Promise<Client>;
  /** Opens a connection with other settings (another bind DN), through the same guard. */
  openAs(settings: LdapSettings): Promise<Client>;
  readonly listings: ListingSessions;
  /** The record the Flowgate user is linked to on this connector, when the caller can tell. */
  linkedUserRecord?(userId: string): Promise<LinkedUserRecord | undefined>;
}

/** One command of the ldap handler: its published spec, and its run on parsed parameters. */
export type LdapCommand = BuiltinCommand<LdapCall>;

export const defineCommand = commandDefiner<LdapCall>();
