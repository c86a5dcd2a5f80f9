import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tracingWorkflowModule } from '../src/telemetry/workflow-interceptors.js';

/** The pre-built workflow bundle, written into dist/ by `npm run build`. */
export const WORKFLOW_BUNDLE_FILE = 'workflow-bundle.js';
/** The same with Temporal's OpenTelemetry workflow interceptors, for a worker that traces. */
export const TRACED_WORKFLOW_BUNDLE_FILE = 'workflow-bundle-traced.js';

/** src/workflows/index.ts next to this file when run from source, index.js when compiled. */
export function workflowsSourcePath(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), '..', 'src', 'workflows', `index${path.extname(here)}`);
}

/**
 * Modules of the workflow bundle loaded once per worker thread and shared by every workflow:
 * the libraries (src/workflows/shared-libraries.ts). Without this, each workflow the sticky cache
 * holds (and each one it replays) evaluated its own copy of zod and of the CEL parser, a few
 * megabytes each time, which made the worker's memory grow with the number of waiting runs and
 * slowed every first workflow task (docs/runs.md#worker). The SDK freezes what these modules
 * export, so our own modules stay out: their schemas and global regexes change as they are used.
 */
export function sharedWorkflowModules(): string[] {
  const workflows = workflowsSourcePath();
  return [path.join(path.dirname(workflows), `shared-libraries${path.extname(workflows)}`)];
}

/**
 * What the bundler needs: the workflows, the modules they share and, for a worker that traces,
 * the interceptors that open the workflow's spans. A worker that does not trace runs no
 * interceptor at all, so its workflow code is the same as before tracing existed.
 */
export const workflowBundleOptions = (options: { traced?: boolean } = {}) => ({
  workflowsPath: workflowsSourcePath(),
  preloadModules: sharedWorkflowModules(),
  workflowInterceptorModules: options.traced ? [tracingWorkflowModule()] : [],
});
