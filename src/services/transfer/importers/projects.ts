import type { SectionEntry } from '../../../domain/transfer-document.js';
import { changeProject, changeWorkflowSet, insertProject, insertWorkflowSet } from '../../projects.js';
import { fieldChanges } from '../field-changes.js';
import { done, type ImportRun } from '../import-run.js';

/** Projects by name, with their workflow sets. */
export async function importProjects(run: ImportRun, entries: Array<SectionEntry<'projects'>>): Promise<void> {
  for (const entry of entries) {
    const existing = await run.tx.project.findUnique({
      where: { name: entry.name },
      include: { workflowSets: true },
    });
    const project = await run.apply(
      'project',
      entry.name,
      existing !== null,
      async () => {
        await insertProject(run.tx, run.caller, entry);
        return done('created');
      },
      async () => {
        await changeProject(run.tx, run.caller, existing!.id, { description: entry.description });
        return done('updated');
      },
      run.changesOf('projects', entry.name, (stored) => fieldChanges(stored, entry, ['description'])),
    );
    for (const set of entry.workflowSets) {
      const name = `${entry.name}/${set.name}`;
      if (!existing) {
        // A new project's sets were written (or refused) with it.
        run.record(
          'workflow_set',
          name,
          project.action === 'error' ? { action: 'error', error: 'Its project was not imported' } : done('created'),
        );
        continue;
      }
      const held = existing.workflowSets.find((candidate) => candidate.name === set.name);
      await run.apply(
        'workflow_set',
        name,
        held !== undefined,
        async () => {
          await insertWorkflowSet(run.tx, run.caller, existing.id, set);
          return done('created');
        },
        async () => {
          await changeWorkflowSet(run.tx, run.caller, existing.id, held!.id, { description: set.description });
          return done('updated');
        },
        async () => fieldChanges({ description: held!.description }, set, ['description']),
      );
    }
  }
}
