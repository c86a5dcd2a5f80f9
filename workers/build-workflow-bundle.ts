import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { projectRoot } from '../src/config/project-root.js';
import { TRACED_WORKFLOW_BUNDLE_FILE, WORKFLOW_BUNDLE_FILE, workflowBundleOptions } from './workflow-code.js';

// Part of `npm run build`: production workers load one of these bundles instead of bundling at
// start, the traced one when the OTEL_* variables ask for traces.
for (const [file, traced] of [
  [WORKFLOW_BUNDLE_FILE, false],
  [TRACED_WORKFLOW_BUNDLE_FILE, true],
] as const) {
  const { code } = await bundleWorkflowCode(workflowBundleOptions({ traced }));
  const target = path.join(projectRoot(), 'dist', file);
  await writeFile(target, code);
  console.log(`Wrote ${path.relative(process.cwd(), target)} (${Math.round(code.length / 1024)} KiB)`);
}
