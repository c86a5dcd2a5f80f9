import type { SectionEntry } from '../../../domain/transfer-document.js';
import { WORKFLOW_DEFINITION_FIELDS, type WorkflowDefinitionInput } from '../../../domain/workflow-definition.js';
import { insertWorkflow, replaceDraft } from '../../workflows/edit-workflow.js';
import { publishDraft } from '../../workflows/publish-workflow.js';
import { loadValidationFacts, requireValidDefinition, validateDefinition } from '../../workflows/validation.js';
import { definitionOf, toWorkflowView, workflowInclude } from '../../workflows/workflow-record.js';
import { insertWorkflowVersion } from '../../workflows/workflow-versions.js';
import { canonical, fieldChanges } from '../field-changes.js';
import { done, type ImportRow, type ImportRun } from '../import-run.js';

/**
 * Workflows by name: a draft is edited, a published workflow gets a new version, and an active one
 * is published again when strict validation passes.
 */
export async function importWorkflows(run: ImportRun, entries: Array<SectionEntry<'workflows'>>): Promise<void> {
  for (const { status, ...fields } of entries) {
    const existing = await run.workflowNamed(fields.name);
    await run.apply(
      'workflow',
      fields.name,
      existing !== undefined,
      async () => {
        const definition = requireValidDefinition(fields, { strict: false });
        const created = await insertWorkflow(run.tx, run.caller, definition);
        return done('created', await activateIfAsked(run, created.id, definition, status, undefined));
      },
      async () => {
        const current = existing!;
        const definition = requireValidDefinition(fields, { strict: false });
        if (current.status === 'draft') {
          await replaceDraft(run.tx, run.caller, current.id, definition);
          return done('updated', await activateIfAsked(run, current.id, definition, status, undefined));
        }
        // Published workflows are never edited: a changed one becomes a new version.
        if (current.status === status && canonical(definitionOf(toWorkflowView(current))) === canonical(definition)) {
          return done('unchanged', { note: `Identical to the ${current.status} version` });
        }
        // A draft already made of it (by an earlier import, or a person) is that version, so
        // importing the document again edits it instead of adding one more draft each time.
        const pending = await run.tx.workflowDefinition.findFirst({
          where: { sourceWorkflowId: current.id, status: 'draft', deletedAt: null },
          include: workflowInclude,
          orderBy: { createdAt: 'desc' },
        });
        if (
          pending &&
          status === 'draft' &&
          canonical(definitionOf(toWorkflowView(pending))) === canonical(definition)
        ) {
          return done('unchanged', { note: 'Identical to the draft of its next version' });
        }
        const version = pending ?? (await insertWorkflowVersion(run.tx, run.caller, current.id));
        await replaceDraft(run.tx, run.caller, version.id, definition);
        const previousActiveId = current.status === 'active' ? current.id : undefined;
        return done('updated', {
          note: `Saved as a new version of the ${current.status} workflow`,
          ...(await activateIfAsked(run, version.id, definition, status, previousActiveId)),
        });
      },
      run.changesOf('workflows', fields.name, (stored) =>
        fieldChanges(stored, { ...fields, status }, [...WORKFLOW_DEFINITION_FIELDS, 'status']),
      ),
    );
  }
}

/** Publishes an imported draft when the document says active and strict validation passes. */
async function activateIfAsked(
  run: ImportRun,
  id: string,
  definition: WorkflowDefinitionInput,
  status: SectionEntry<'workflows'>['status'],
  previousActiveId: string | undefined,
): Promise<Omit<ImportRow, 'action'>> {
  if (status === 'draft') return {};
  if (status === 'deprecated') return { note: 'Deprecated in the document; imported as a draft' };
  const check = validateDefinition(definition, { strict: true, ...(await loadValidationFacts(run.tx)) });
  if (!check.valid) {
    const first = check.errors[0] ?? check.subjectVariableError;
    return { note: `Active in the document, imported as a draft: strict validation failed: ${first?.message ?? ''}` };
  }
  await publishDraft(
    run.tx,
    run.caller,
    id,
    { deprecatePreviousVersionId: previousActiveId },
    run.context.connectors.registry,
  );
  return {};
}
