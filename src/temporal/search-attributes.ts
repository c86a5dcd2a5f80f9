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
 * Temporal refuses a search attribute value over 2 KB (its `limit.searchAttributeValueSize`), and
 * the start with it. A subject is any text its variable holds, so the attribute, which only
 * makes runs findable in the Temporal UI, carries at most this many UTF-16 units of it (at most
 * 768 bytes of UTF-8); the run keeps all of it.
 */
const SUBJECT_ATTRIBUTE_MAX_LENGTH = 256;

function subjectAttributeValue(subject: string): string {
  if (subject.length <= SUBJECT_ATTRIBUTE_MAX_LENGTH) return subject;
  const cut = subject.slice(0, SUBJECT_ATTRIBUTE_MAX_LENGTH);
  // Not half of a character written as two units (an emoji, say).
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
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
      ...(subject ? [{ key: SubjectAttribute, value: subjectAttributeValue(subject) }] : []),
    ],
  };
}
