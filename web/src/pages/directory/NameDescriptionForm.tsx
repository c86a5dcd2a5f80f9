import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formErrorsOf } from '../../components/field-errors';
import { TextField } from '../../components/TextField';
import { useAction } from '../../components/use-action';
import { SavedNotice } from './SavedNotice';

export interface NameDescription {
  name: string;
  description: string;
}

/**
 * A name and a description, as groups, projects and workflow sets have: creates or saves through
 * `save`, with the API's refusal under the field it is about (a taken name under the name).
 */
export function NameDescriptionForm({
  label,
  idPrefix,
  initial = { name: '', description: '' },
  submitLabel,
  save,
  onSaved,
}: {
  label: string;
  idPrefix: string;
  initial?: NameDescription;
  submitLabel: string;
  save: (values: NameDescription) => Promise<unknown>;
  onSaved?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const errors = formErrorsOf(action.error, 'name');
  const change = (next: Partial<NameDescription>) => {
    setSaved(false);
    setValues((previous) => ({ ...previous, ...next }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (await action.run(() => save({ name: values.name.trim(), description: values.description.trim() }))) {
      setSaved(true);
      onSaved?.();
    }
  };
  return (
    <form className="form" aria-label={label} onSubmit={(event) => void submit(event)}>
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        required
        value={values.name}
        onChange={(name) => change({ name })}
        error={errors.fields.name}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        multiline
        value={values.description}
        onChange={(description) => change({ description })}
        error={errors.fields.description}
      />
      <ErrorNotice error={errors.form} />
      <div className="actions">
        <button type="submit" disabled={action.busy}>
          {submitLabel}
        </button>
        <SavedNotice saved={saved} />
      </div>
    </form>
  );
}
