import { ErrorNotice } from '../components/ErrorNotice';
import { useApiGet } from '../components/async';
import { Link, useLocation } from '../router';
import './pages.css';
import { definitionOf, newDraft } from './workflow-editor/draft';
import { WorkflowEditor } from './workflow-editor/WorkflowEditor';

/** `/workflows/new`: a new draft, created by its first save. */
export function NewWorkflowPage() {
  return <WorkflowEditor initial={newDraft()} />;
}

/** `/workflows/:id/edit`: a draft, saved over the revision it was read at. */
export function EditWorkflowPage({ id }: { id: string }) {
  const location = useLocation();
  const workflow = useApiGet('/api/workflows/{id}', { path: { id } });
  if (!workflow.data) {
    return (
      <section className="page">
        <h1>Edit workflow</h1>
        {workflow.error ? <ErrorNotice error={workflow.error} /> : <p>Loading…</p>}
      </section>
    );
  }
  const stored = workflow.data;
  if (stored.status !== 'draft') {
    return (
      <section className="page">
        <h1>Edit {stored.name}</h1>
        <p>
          This workflow is {stored.status}: only drafts are edited. Create a new version from{' '}
          <Link to={`/workflows/${stored.id}`}>its page</Link> and edit that draft.
        </p>
      </section>
    );
  }
  const definition = definitionOf(stored);
  return (
    <WorkflowEditor
      initial={definition}
      stored={{ id: stored.id, revision: stored.revision }}
      justCreated={new URLSearchParams(location.split('?')[1] ?? '').has('created')}
    />
  );
}
