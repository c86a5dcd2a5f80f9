/**
 * One open task: its run's context and a form built from the task's field definitions. The API
 * validates; its errors (`details`: path and message) show next to their field.
 */
import { useId, useState, type FormEvent } from 'react';
import { api, type Schema } from '../../api/client';
import { formErrorsOf } from '../../components/field-errors';
import { ErrorMessage } from '../../components/async';
import { TextWithUserNames } from '../../components/UserName';
import { RunContext } from './RunContext';

export type Task = Schema<'Task'>;
export type TaskField = Task['fields'][number];

type FormValues = Record<string, string | boolean>;

/** The typed values the API expects; empty optional fields are left out. */
function valuesOf(fields: TaskField[], form: FormValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = form[field.name];
    if (field.type === 'boolean') values[field.name] = raw === true;
    else if (typeof raw === 'string' && raw !== '') values[field.name] = field.type === 'number' ? Number(raw) : raw;
  }
  return values;
}

export function TaskCard({ task, onCompleted }: { task: Task; onCompleted: (notice: string) => void }) {
  const formId = useId();
  const [form, setForm] = useState<FormValues>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const fieldErrors = formErrorsOf(error).fields;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', '/api/tasks/{id}/complete', {
        path: { id: task.id },
        body: { values: valuesOf(task.fields, form) },
      });
      onCompleted(`Completed: ${task.title}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <article className="card" aria-label={`Task: ${task.title}`}>
      <h3>{task.title}</h3>
      <RunContext runId={task.runId} />
      {task.instructions && (
        <p className="message">
          <TextWithUserNames text={task.instructions} />
        </p>
      )}
      {/* noValidate: the API is the one validator, and its messages show next to the fields. */}
      <form noValidate onSubmit={(event) => void submit(event)}>
        {task.fields.map((field) => (
          <Field
            key={field.name}
            id={`${formId}-${field.name}`}
            field={field}
            value={form[field.name]}
            error={fieldErrors[field.name]}
            onChange={(value) => setForm((previous) => ({ ...previous, [field.name]: value }))}
          />
        ))}
        {error !== undefined && <ErrorMessage error={error} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Complete task
          </button>
        </div>
      </form>
    </article>
  );
}

function Field({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: TaskField;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const required = field.required ?? true;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    'aria-required': required,
    'aria-invalid': error !== undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const label = (
    <label htmlFor={id}>
      {field.label ?? field.name}
      {required && <span className="required"> (required)</span>}
    </label>
  );
  let input;
  if (field.type === 'boolean') {
    input = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  } else if (field.choices) {
    input = (
      <select
        {...common}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose…</option>
        {field.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  } else {
    const type = field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text';
    input = (
      <input
        {...common}
        type={type}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className={`field${field.type === 'boolean' ? ' checkbox' : ''}${error ? ' invalid' : ''}`}>
      {field.type === 'boolean' ? (
        <>
          {input}
          {label}
        </>
      ) : (
        <>
          {label}
          {input}
        </>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
