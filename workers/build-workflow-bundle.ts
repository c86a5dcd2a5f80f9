import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { projectRoot } from '../src/config/project-root.js';
import { WORKFLOW_BUNDLE_FILE, workflowBundleOptions } from './workflow-code.js';

// Part of `npm run build`: production workers load this bundle instead of bundling at start.
const { code } = await bundleWorkflowCode(workflowBundleOptions());
const target = path.join(projectRoot(), 'dist', WORKFLOW_BUNDLE_FILE);
await writeFile(target, code);
console.log(`Wrote ${path.relative(process.cwd(), target)} (${Math.round(code.length / 1024)} KiB)`);
