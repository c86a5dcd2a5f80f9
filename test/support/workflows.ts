import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { simpleApprovalExample } from '../../src/examples/index.js';
import type { TestApp } from './app.js';

/** The simple approval example outside any project, with the given fields replaced. */
export function approvalDefinition(overrides: Partial<WorkflowDefinitionInput> = {}): WorkflowDefinitionInput {
  return { ...structuredClone(simpleApprovalExample), project: null, workflowSet: null, ...overrides };
}

/** Creates a draft through the API and returns its body; fails the test on anything but 201. */
export async function createDraft(api: TestApp, token: string, definition: unknown = approvalDefinition()) {
  const response = await api.request('POST', '/api/workflows', { token, body: definition });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Creates and publishes a workflow; returns the active workflow's body. */
export async function createActive(api: TestApp, token: string, definition: unknown = approvalDefinition()) {
  const draft = await createDraft(api, token, definition);
  const response = await api.request('POST', `/api/workflows/${draft.id}/publish`, { token, body: {} });
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${response.text}`);
  return response.body;
}
