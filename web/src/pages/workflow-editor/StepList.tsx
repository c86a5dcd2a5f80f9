import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { ConnectorCatalogue, StepTypeInfo } from './catalogue';
import { freeStepId, moveBy, removeAt, renameStep, replaceAt, stepNameOf, type DraftStep } from './draft';
import { stepIndexOf, type PlacedFinding } from './findings';
import { StepCard } from './StepCard';

/**
 * The steps in order, each a card, and "Add step". Steps are keyed by when they were added
 * (`keys`), not by position or id, so a moved or renamed step keeps its fields' state.
 */
export function StepList({
  steps,
  keys,
  stepTypes,
  stepTypesError,
  catalogue,
  findings,
  newKey,
  onChange,
}: {
  steps: DraftStep[];
  keys: number[];
  stepTypes: readonly StepTypeInfo[];
  stepTypesError: unknown;
  catalogue: ConnectorCatalogue | null;
  findings: readonly PlacedFinding[];
  newKey: () => number;
  onChange: (steps: DraftStep[], keys: number[]) => void;
}) {
  const [newType, setNewType] = useState('approval');
  const stepIds = steps.map((step) => step.id);
  const addStep = () => {
    const step = {
      id: freeStepId(steps, newType),
      name: stepNameOf(newType),
      type: newType,
      config: {},
      transitions: [],
    };
    // New steps go before the trailing end steps, where the flow usually continues.
    let at = steps.length;
    while (at > 0 && steps[at - 1]?.type === 'end') at -= 1;
    onChange([...steps.slice(0, at), step, ...steps.slice(at)], [...keys.slice(0, at), newKey(), ...keys.slice(at)]);
  };
  return (
    <section className="panel" aria-labelledby="editor-steps">
      <h2 id="editor-steps">Steps</h2>
      <ErrorNotice error={stepTypesError} />
      <ol className="step-list">
        {steps.map((step, index) => (
          <StepCard
            key={keys[index] ?? `at-${index}`}
            index={index}
            step={step}
            steps={steps}
            stepTypes={stepTypes}
            catalogue={catalogue}
            findings={findings.filter((finding) => stepIndexOf(finding, stepIds) === index)}
            onChange={(next) => onChange(replaceAt(steps, index, next), keys)}
            onRename={(id) => onChange(renameStep(steps, index, id), keys)}
            onMove={(offset) => onChange(moveBy(steps, index, offset), moveBy(keys, index, offset))}
            onRemove={() => onChange(removeAt(steps, index), removeAt(keys, index))}
          />
        ))}
      </ol>
      <div className="add-step">
        <label htmlFor="new-step-type">New step of type</label>
        <select id="new-step-type" value={newType} onChange={(event) => setNewType(event.target.value)}>
          {stepTypes.map((type) => (
            <option key={type.type} value={type.type}>
              {type.type}
            </option>
          ))}
        </select>
        <button type="button" onClick={addStep} disabled={stepTypes.length === 0}>
          Add step
        </button>
      </div>
    </section>
  );
}
