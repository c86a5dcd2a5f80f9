import { oneOf } from '../../components/one-of';
import { removeAt, replaceAt, VARIABLE_TYPES, type DraftVariable } from './draft';
import { FieldFindings } from './FieldFindings';
import type { PlacedFinding } from './findings';

/** The declared variables: name, type, required, secret and description; added and removed. */
export function VariablesEditor({
  variables,
  findingsAt,
  onChange,
}: {
  variables: DraftVariable[];
  /** The findings at or under a definition path (`variables.0.name`). */
  findingsAt: (path: string) => PlacedFinding[];
  onChange: (variables: DraftVariable[]) => void;
}) {
  const update = (index: number, changes: Partial<DraftVariable>) => {
    const variable = variables[index];
    if (variable) onChange(replaceAt(variables, index, { ...variable, ...changes }));
  };
  return (
    <section className="panel" aria-labelledby="editor-variables">
      <h2 id="editor-variables">Variables</h2>
      {variables.length === 0 && <p className="meta">No variables: a run starts with none.</p>}
      {variables.map((variable, index) => {
        const id = `variable-${index}`;
        const findings = findingsAt(`variables.${index}`);
        return (
          <fieldset key={index} className={`variable-row${findings.length > 0 ? ' invalid' : ''}`}>
            <legend>Variable {index + 1}</legend>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                id={`${id}-name`}
                type="text"
                value={variable.name}
                onChange={(event) => update(index, { name: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-type`}>Type</label>
              <select
                id={`${id}-type`}
                value={variable.type}
                onChange={(event) =>
                  update(index, { type: oneOf(VARIABLE_TYPES, event.target.value) ?? variable.type })
                }
              >
                {VARIABLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-description`}>Description</label>
              <input
                id={`${id}-description`}
                type="text"
                value={variable.description ?? ''}
                onChange={(event) => update(index, { description: event.target.value || undefined })}
              />
            </div>
            <label className="inline-check">
              <input
                type="checkbox"
                checked={variable.required}
                onChange={(event) => update(index, { required: event.target.checked })}
              />{' '}
              Required
            </label>
            <label className="inline-check">
              <input
                type="checkbox"
                checked={variable.secret === true}
                onChange={(event) => update(index, { secret: event.target.checked || undefined })}
              />{' '}
              Secret
            </label>
            <FieldFindings id={`${id}-findings`} findings={findings} />
            <button type="button" onClick={() => onChange(removeAt(variables, index))}>
              Remove variable {index + 1}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => onChange([...variables, { name: '', type: 'string', required: false }])}>
        Add variable
      </button>
    </section>
  );
}
