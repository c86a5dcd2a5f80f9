import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pre-built workflow bundle, written into dist/ by `npm run build`. */
export const WORKFLOW_BUNDLE_FILE = 'workflow-bundle.js';

/** src/workflows/index.ts next to this file when run from source, index.js when compiled. */
export function workflowsSourcePath(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), '..', 'src', 'workflows', `index${path.extname(here)}`);
}
