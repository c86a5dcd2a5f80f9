import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// Workflow-safe: imported by workflow code to set attributes, and by the Node side to register
// them. Runs are findable in the Temporal UI by these (spec: Temporal UI for run inspection).
export const DefinitionIdAttribute = defineSearchAttributeKey('FlowgateDefinitionId', SearchAttributeType.KEYWORD);
export const DefinitionNameAttribute = defineSearchAttributeKey('FlowgateDefinitionName', SearchAttributeType.KEYWORD);
export const RunStatusAttribute = defineSearchAttributeKey('FlowgateRunStatus', SearchAttributeType.KEYWORD);
export const SubjectAttribute = defineSearchAttributeKey('FlowgateSubject', SearchAttributeType.KEYWORD);

export const CUSTOM_SEARCH_ATTRIBUTES = [
  DefinitionIdAttribute,
  DefinitionNameAttribute,
  RunStatusAttribute,
  SubjectAttribute,
] as const;

/** The facts of its workflow that make a run findable in the Temporal UI. */
export interface RunWorkflowFacts {
  id: string;
  name: string;
  version: number;
}

/**
 * Search attributes and memo of a run's execution, as it starts. Workflow-safe: the scheduled
 * start sets them on the child it starts, the API on the executions it starts.
 */
export function runVisibility(workflow: RunWorkflowFacts, subject: string | null) {
  return {
    memo: { definitionName: workflow.name, definitionVersion: workflow.version },
    typedSearchAttributes: [
      { key: DefinitionIdAttribute, value: workflow.id },
      { key: DefinitionNameAttribute, value: workflow.name },
      { key: RunStatusAttribute, value: 'pending' },
      ...(subject ? [{ key: SubjectAttribute, value: subject }] : []),
    ],
  };
}
