import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { MaybeUserName } from '../../components/UserName';
import { useAction } from '../../components/use-action';
import { useApiGet } from '../../components/async';
import {
  draftsOf,
  fieldErrorsOf,
  valuesOf,
  VariableFields,
  type DeclaredVariable,
  ownValue,
} from '../../components/VariableFields';
import { useCan } from '../../session/me';
import { OPEN_RUN_STATUSES, type Run } from './run-types';

/**
 * The run's variables; while the run is pending, running or waiting, a run:update holder edits them
 * in fields typed by the workflow's declarations (read from the run's workflow version).
 */
export function RunVariables({ run, onChanged }: { run: Run; onChanged: () => void }) {
  const can = useCan();
  const editable = OPEN_RUN_STATUSES.includes(run.status) && can('run:update') && can('workflow:read');
  const workflow = useApiGet(editable ? '/api/workflows/{id}' : null, {
    path: { id: run.definitionId },
    query: { includeDeleted: 'true' },
  });
  return (
    <section className="panel" aria-labelledby="run-variables">
      <h2 id="run-variables">Variables</h2>
      {editable && workflow.data ? (
        <VariablesForm run={run} variables={workflow.data.variables} onChanged={onChanged} />
      ) : (
        <VariableList values={run.variables} />
      )}
      <ErrorNotice error={workflow.error} />
    </section>
  );
}

function VariableList({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <p>This run has no variables.</p>;
  return (
    <dl className="facts">
      {entries.map(([name, value]) => (
        <div key={name} className="fact">
          <dt>{name}</dt>
          <dd>
            {typeof value === 'string' ? (
              <MaybeUserName value={value} />
            ) : (
              <code>{value === null || value === undefined ? '—' : JSON.stringify(value)}</code>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function VariablesForm({
  run,
  variables,
  onChanged,
}: {
  run: Run;
  variables: DeclaredVariable[];
  onChanged: () => void;
}) {
  const initial = draftsOf(variables, run.variables);
  const [drafts, setDrafts] = useState(initial);
  const save = useAction();
  const changed = (name: string) => ownValue(drafts, name) !== ownValue(initial, name);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = valuesOf(variables, drafts, { only: changed, clearEmpty: true });
    if (await save.run(() => api('PUT', '/api/runs/{id}', { path: { id: run.id }, body: { variables: values } })))
      onChanged();
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="form">
      <VariableFields
        idPrefix="run-variable"
        variables={variables}
        drafts={drafts}
        errors={fieldErrorsOf(save.error)}
        onChange={(name, draft) => setDrafts((previous) => ({ ...previous, [name]: draft }))}
      />
      <ErrorNotice error={save.error} />
      <button type="submit" disabled={save.busy || !variables.some((variable) => changed(variable.name))}>
        Save variables
      </button>
    </form>
  );
}
