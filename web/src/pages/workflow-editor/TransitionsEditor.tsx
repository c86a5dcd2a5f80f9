import type { DraftStep, DraftTransition } from './draft';
import { removeAt, replaceAt } from './draft';
import { FieldFindings } from './FieldFindings';
import type { PlacedFinding } from './findings';

/** A step's transitions: on which outcome (of its type) to go to which step. */
export function TransitionsEditor({
  idPrefix,
  stepName,
  transitions,
  outcomes,
  steps,
  findingsAt,
  onChange,
}: {
  idPrefix: string;
  stepName: string;
  transitions: DraftTransition[];
  outcomes: readonly string[];
  steps: readonly DraftStep[];
  findingsAt: (field: string) => PlacedFinding[];
  onChange: (transitions: DraftTransition[]) => void;
}) {
  if (outcomes.length === 0 && transitions.length === 0) return null;
  const unused = outcomes.filter((outcome) => !transitions.some((transition) => transition.on === outcome));
  return (
    <fieldset className="transitions">
      <legend>Transitions</legend>
      {transitions.length === 0 && <p className="meta">None: add one for each outcome that should lead on.</p>}
      {transitions.map((transition, index) => {
        const id = `${idPrefix}-transition-${index}`;
        const findings = findingsAt(`transitions.${index}`);
        return (
          <div
            key={index}
            className={`transition${findings.some((finding) => finding.severity === 'error') ? ' invalid' : ''}`}
          >
            <label htmlFor={`${id}-on`}>
              On{' '}
              <span className="visually-hidden">
                (transition {index + 1} of {stepName})
              </span>
            </label>
            <select
              id={`${id}-on`}
              value={transition.on}
              onChange={(event) => onChange(replaceAt(transitions, index, { ...transition, on: event.target.value }))}
            >
              {!outcomes.includes(transition.on) && <option value={transition.on}>{transition.on || '—'}</option>}
              {outcomes.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {outcome}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-goto`}>
              go to{' '}
              <span className="visually-hidden">
                (transition {index + 1} of {stepName})
              </span>
            </label>
            <select
              id={`${id}-goto`}
              value={transition.goto}
              onChange={(event) => onChange(replaceAt(transitions, index, { ...transition, goto: event.target.value }))}
            >
              {!steps.some((step) => step.id === transition.goto) && (
                <option value={transition.goto}>
                  {transition.goto === '' ? 'Choose…' : `${transition.goto} (missing)`}
                </option>
              )}
              {steps.map((step) => (
                <option key={step.id} value={step.id}>
                  {step.name || step.id} ({step.id})
                </option>
              ))}
            </select>
            <button type="button" onClick={() => onChange(removeAt(transitions, index))}>
              Remove transition {index + 1}
            </button>
            <FieldFindings id={`${id}-findings`} findings={findings} />
          </div>
        );
      })}
      {unused.length > 0 && (
        <button type="button" onClick={() => onChange([...transitions, { on: unused[0] ?? '', goto: '' }])}>
          Add transition
        </button>
      )}
      <FieldFindings
        id={`${idPrefix}-transitions-findings`}
        findings={findingsAt('transitions').filter((finding) =>
          transitions.every((_, index) => !findingsAt(`transitions.${index}`).includes(finding)),
        )}
      />
    </fieldset>
  );
}
