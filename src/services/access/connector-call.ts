import { executeConnectorCommand } from '../../connectors/execute-command.js';
import type { ConnectorResult } from '../../connectors/handler.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import type { Connector } from '../../db/generated/client.js';
import { runnableConnector } from '../connectors/connector-record.js';

/** One command of an entitlement's connector, with its sync matches and account links; never throws. */
export async function callEntitlementConnector(
  db: Database,
  runtime: ConnectorRuntime,
  connector: Connector,
  call: {
    command: string;
    parameters: Record<string, unknown>;
    variables: Record<string, unknown>;
    stepId: string;
    instanceId: string;
  },
): Promise<ConnectorResult> {
  try {
    return await executeConnectorCommand(
      runtime.registry.get(connector.type)?.handler,
      runnableConnector(db, connector, runtime),
      { ...call, timeoutMs: runtime.timeoutMs },
    );
  } catch (error) {
    // runnableConnector throws when the connector's secrets cannot be opened.
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
}
