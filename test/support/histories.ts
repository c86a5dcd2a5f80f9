import { createRequire } from 'node:module';
import proto from '@temporalio/proto';
import { DefaultLogger, bundleWorkflowCode } from '@temporalio/worker';
import { workflowBundleOptions } from '../../workers/workflow-code.js';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root.js';

type History = proto.temporal.api.history.v1.IHistory;

// `historyFromJSON` of @temporalio/common reads with its own copy of protobufjs, which does not
// recognise the types of @temporalio/proto's copy installed here ("type must be a Type"); the
// protobufjs that @temporalio/proto itself loads reads the same JSON.
const requireBesideProto = createRequire(createRequire(import.meta.url).resolve('@temporalio/proto'));
const { fromJson } = requireBesideProto('protobufjs/ext/protojson') as {
  fromJson: (type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }) => History | null;
};
// The generated module's type omits the root's lookupType.
const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
const historyType = root.lookupType('temporal.api.history.v1.History');

/** A workflow history in the JSON form of `temporal workflow show -o json`. */
export function historyFromJSON(json: unknown): History {
  const history = fromJson(historyType, json, { ignoreUnknownFields: true });
  if (!history) throw new TypeError('Not a workflow history');
  return history;
}

/**
 * The workflow code of a worker that traces (workers/workflow-code.ts): the same workflows with
 * Temporal's OpenTelemetry workflow interceptors, bundled for replay.
 */
export async function tracedWorkflowBundle(): Promise<{ code: string }> {
  const { code } = await bundleWorkflowCode({
    ...workflowBundleOptions({ traced: true }),
    logger: new DefaultLogger('WARN'),
  });
  return { code };
}

/** The sink those interceptors export their spans through; a replay sends them nowhere. */
export const discardedSpans = { exporter: { export: { fn: () => undefined } } };
