import type { ConnectorCatalogue, StepTypeInfo } from './catalogue';
import { ConfigFields } from './ConfigFields';
import type { DraftStep } from './draft';
import { FieldFindings } from './FieldFindings';
import { isUnder, pathInStep, type PlacedFinding } from './findings';
import { TransitionsEditor } from './TransitionsEditor';

/**
 * One step of the list: its id, name and type, the form of its config and its transitions, with
 * the validator's findings on the fields they name and the others at the top.
 */
export function StepCard({
  index,
  step,
  steps,
  stepTypes,
  catalogue,
  findings,
  onChange,
  onRename,
  onMove,
  onRemove,
}: {
  index: number;
  step: DraftStep;
  steps: readonly DraftStep[];
  stepTypes: readonly StepTypeInfo[];
  catalogue: ConnectorCatalogue | null;
  /** The findings of this step (paths `steps.<index>…` or its step id). */
  findings: readonly PlacedFinding[];
  onChange: (step: DraftStep) => void;
  onRename: (id: string) => void;
  onMove: (offset: number) => void;
  onRemove: () => void;
}) {
  const idPrefix = `step-${index}`;
  const info = stepTypes.find((candidate) => candidate.type === step.type);
  const at = (field: string) => findings.filter((finding) => isUnder(pathInStep(finding), field));
  const configAt = (field: string) => at(`config.${field}`);
  const claimed = (finding: PlacedFinding) => {
    const path = pathInStep(finding);
    if (['id', 'name', 'type'].some((field) => isUnder(path, field))) return true;
    if (isUnder(path, 'transitions'))
      return info !== undefined && (info.outcomes.length > 0 || step.transitions.length > 0);
    return Object.keys(info?.configSchema.properties ?? {}).some((field) => isUnder(path, `config.${field}`));
  };
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const title = `${step.name || step.id || 'Unnamed step'} (${step.type || 'no type'})`;
  return (
    <li className="step-card" id={`${idPrefix}`} aria-labelledby={`${idPrefix}-title`}>
      <details open>
        <summary>
          <span id={`${idPrefix}-title`} className="step-title">
            Step {index + 1}: {title}
          </span>
          {findings.length > 0 && (
            <span className={errors > 0 ? 'finding-count error' : 'finding-count'}>
              {errors > 0 ? `${errors} error${errors === 1 ? '' : 's'}` : `${findings.length} warning(s)`}
            </span>
          )}
        </summary>
        <div role="group" aria-label={`Step ${index + 1}: ${title}`} className="step-body">
          <FieldFindings id={`${idPrefix}-findings`} findings={findings.filter((finding) => !claimed(finding))} />
          <div className="step-head">
            <div className="field">
              <label htmlFor={`${idPrefix}-name`}>Name</label>
              <input
                id={`${idPrefix}-name`}
                type="text"
                value={step.name}
                onChange={(event) => onChange({ ...step, name: event.target.value })}
              />
              <FieldFindings id={`${idPrefix}-name-findings`} findings={at('name')} />
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-id`}>Id</label>
              <input
                id={`${idPrefix}-id`}
                type="text"
                value={step.id}
                onChange={(event) => onRename(event.target.value)}
              />
              <FieldFindings id={`${idPrefix}-id-findings`} findings={at('id')} />
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-type`}>Type</label>
              <select
                id={`${idPrefix}-type`}
                value={step.type}
                onChange={(event) => onChange({ ...step, type: event.target.value, config: {}, transitions: [] })}
              >
                {!info && <option value={step.type}>{step.type || '—'}</option>}
                {stepTypes.map((candidate) => (
                  <option key={candidate.type} value={candidate.type}>
                    {candidate.type}
                  </option>
                ))}
              </select>
              <FieldFindings id={`${idPrefix}-type-findings`} findings={at('type')} />
            </div>
          </div>
          {info && <p className="hint">{info.description}</p>}
          {info && (
            <ConfigFields
              idPrefix={`${idPrefix}-config`}
              type={step.type}
              schema={info.configSchema}
              config={step.config}
              catalogue={catalogue}
              findingsAt={configAt}
              onChange={(config) => onChange({ ...step, config })}
            />
          )}
          {info && (
            <TransitionsEditor
              idPrefix={idPrefix}
              stepName={title}
              transitions={step.transitions}
              outcomes={info.outcomes}
              steps={steps}
              findingsAt={at}
              onChange={(transitions) => onChange({ ...step, transitions })}
            />
          )}
          <div className="actions">
            <button type="button" disabled={index === 0} onClick={() => onMove(-1)}>
              Move up
            </button>
            <button type="button" disabled={index === steps.length - 1} onClick={() => onMove(1)}>
              Move down
            </button>
            <button type="button" className="danger" onClick={onRemove}>
              Remove step
            </button>
          </div>
        </div>
      </details>
    </li>
  );
}
