import { ErrorNotice } from '../components/ErrorNotice';
import { Markdown } from '../components/Markdown';
import { MermaidDiagram } from '../components/MermaidDiagram';
import { useApiGet, useApiText } from '../components/async';
import { Link } from '../router';
import { useCan } from '../session/me';
import './pages.css';
import { StartRunForm } from './workflows/StartRunForm';
import { VersionChain, WorkflowSummary } from './workflows/VersionChain';
import { WorkflowLifecycle } from './workflows/WorkflowLifecycle';

/**
 * `/workflows/:id`: the definition's generated docs, its flow as a diagram, its versions, its
 * lifecycle actions, and starting a run. A deleted workflow opens too, to be restored or purged.
 */
export function WorkflowPage({ id }: { id: string }) {
  const can = useCan();
  const path = `/api/workflows/${encodeURIComponent(id)}`;
  const workflow = useApiGet('/api/workflows/{id}', { path: { id }, query: { includeDeleted: 'true' } });
  const markdown = useApiText(`${path}/docs`);
  const mermaid = useApiText(`${path}/docs?format=mermaid`);
  if (!workflow.data) {
    return (
      <section className="page">
        <h1>Workflow</h1>
        {workflow.error ? <ErrorNotice error={workflow.error} /> : <p>Loading…</p>}
      </section>
    );
  }
  const current = workflow.data;
  // The docs follow the definition: a restored workflow's were refused while it was deleted.
  const reload = () => {
    workflow.reload();
    markdown.reload();
    mermaid.reload();
  };
  const deleted = current.deletedAt !== null;
  // A draft's run is a test run, which the API leaves to its editors (workflow:update).
  const mayStart =
    can('workflow:start') &&
    !deleted &&
    (current.status === 'active' || (current.status === 'draft' && can('workflow:update')));
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/workflows">Workflows</Link>
      </p>
      <h1>{current.name}</h1>
      {current.status === 'draft' && can('workflow:update') && (
        <p>
          <Link to={`/workflows/${current.id}/edit`}>Edit this draft</Link>
        </p>
      )}
      <WorkflowSummary workflow={current} />
      {deleted && (
        <p className="notice deleted-notice" role="status">
          This workflow is deleted: it is hidden from the list and takes no runs until it is restored.
        </p>
      )}
      <div className="columns">
        <div className="column-main">
          {!deleted && (
            <>
              <section className="panel" aria-labelledby="workflow-flow">
                <h2 id="workflow-flow">Flow</h2>
                <ErrorNotice error={mermaid.error} />
                {mermaid.data && <MermaidDiagram source={mermaid.data} label={`Flow of ${current.name}`} />}
              </section>
              <section className="panel" aria-labelledby="workflow-docs">
                <h2 id="workflow-docs">Documentation</h2>
                <ErrorNotice error={markdown.error} />
                {markdown.data && <Markdown source={markdown.data} label={`Documentation of ${current.name}`} />}
              </section>
            </>
          )}
        </div>
        <div className="column-side">
          <WorkflowLifecycle workflow={current} onChanged={reload} />
          <VersionChain workflow={current} />
          {mayStart && <StartRunForm workflow={current} />}
          {current.status === 'deprecated' && <p className="meta">Deprecated: new runs are refused.</p>}
        </div>
      </div>
    </section>
  );
}
