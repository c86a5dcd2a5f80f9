import type { DraftStep } from './draft';
import { stepIndexOf, type PlacedFinding, type ValidationResult } from './findings';

/**
 * What strict validation (the rules of publishing) says of the draft as it was when typing last
 * paused: the counts, and each finding with the step it is on; a step's button opens it.
 */
export function ValidationSummary({
  result,
  findings,
  steps,
  pending,
}: {
  result: ValidationResult | undefined;
  findings: readonly PlacedFinding[];
  steps: readonly DraftStep[];
  pending: boolean;
}) {
  const ids = steps.map((step) => step.id);
  const show = (index: number) => {
    const card = document.getElementById(`step-${index}`);
    card?.querySelector('details')?.setAttribute('open', '');
    card?.scrollIntoView({ block: 'start' });
    card?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  };
  return (
    <section className="panel validation-summary" aria-labelledby="editor-validation">
      <h2 id="editor-validation">Validation</h2>
      <p role="status" className={result && !result.valid ? 'error' : 'meta'}>
        {!result
          ? 'Checking…'
          : result.valid && result.warningCount === 0
            ? 'Ready to publish: strict validation finds nothing.'
            : `${result.errorCount} error${result.errorCount === 1 ? '' : 's'}, ${result.warningCount} warning${result.warningCount === 1 ? '' : 's'} (the rules of publishing)`}
        {pending && result ? ' · checking the latest changes…' : ''}
      </p>
      {findings.length > 0 && (
        <ul className="findings">
          {findings.map((finding, index) => {
            const stepIndex = stepIndexOf(finding, ids);
            const step = stepIndex === undefined ? undefined : steps[stepIndex];
            return (
              <li key={index} className={finding.severity === 'error' ? 'field-error' : 'field-warning'}>
                {step && stepIndex !== undefined ? (
                  <button type="button" className="link-button" onClick={() => show(stepIndex)}>
                    Step {stepIndex + 1}: {step.name || step.id}
                  </button>
                ) : (
                  <span className="finding-where">{finding.path ?? 'Workflow'}</span>
                )}{' '}
                {finding.severity === 'warning' ? 'Warning: ' : ''}
                {finding.message} <span className="muted">({finding.code})</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
