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
