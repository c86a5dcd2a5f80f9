import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { RunsContext } from '../runs/start-run.js';

/**
 * What the resource webhook (spec 4.9; docs/sync.md) needs: a connected system reports a change
 * of one record, signed with the connector's webhook secret, and the stored record follows it,
 * starting the runs its automation names.
 */
export interface WebhookContext extends RunsContext {
  connectors: ConnectorRuntime;
}

/** The answer to an accepted delivery. */
export interface WebhookOutcome {
  message: string;
  eventId: string;
  alreadyApplied: boolean;
  /** Reconciliation events: the runs started. */
  runIds?: string[];
}
