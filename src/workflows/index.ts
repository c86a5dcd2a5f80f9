export { runWorkflow } from './run-workflow.js';
