import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAction } from '../../components/use-action';
import { fieldErrorsOf, valuesOf, VariableFields, type VariableDrafts } from '../../components/VariableFields';
import { Link } from '../../router';
import type { Workflow } from './workflow-types';

/**
 * "Start a run": one field per declared variable. The API checks the values (required, types)
 * and its findings are shown next to the fields; a started run is linked.
 */
export function StartRunForm({ workflow }: { workflow: Workflow }) {
  const [drafts, setDrafts] = useState<VariableDrafts>({});
  const [started, setStarted] = useState<string | undefined>();
  const start = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStarted(undefined);
    await start.run(async () => {
      const run = await api('POST', '/api/workflows/{id}/start', {
        path: { id: workflow.id },
        body: { variables: valuesOf(workflow.variables, drafts) },
      });
      setStarted(run.id);
    });
  };
  return (
    <section className="panel" aria-labelledby="start-run">
      <h2 id="start-run">Start a run{workflow.status === 'draft' ? ' (test run)' : ''}</h2>
      {workflow.status === 'draft' && (
        <p className="meta">
          Runs the draft as it is saved now, before it is published. The run is marked <em>test</em> in the runs list;
          its approvals and tasks go to the people the steps name, as in a real run.
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="form">
        {workflow.variables.length === 0 && <p>This workflow declares no variables.</p>}
        <VariableFields
          idPrefix="start-variable"
          variables={workflow.variables}
          drafts={drafts}
          errors={fieldErrorsOf(start.error)}
          onChange={(name, draft) => setDrafts((previous) => ({ ...previous, [name]: draft }))}
        />
        <ErrorNotice error={start.error} />
        <button type="submit" disabled={start.busy}>
          Start the run
        </button>
        {started && (
          <p role="status" className="notice">
            Run started: <Link to={`/runs/${started}`}>open the run</Link>
          </p>
        )}
      </form>
    </section>
  );
}
