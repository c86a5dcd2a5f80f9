import type { PlacedFinding } from './findings';

/** The validator's findings about one field, under it. */
export function FieldFindings({ id, findings }: { id: string; findings: readonly PlacedFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul id={id} className="field-findings">
      {findings.map((finding, index) => (
        <li key={index} className={finding.severity === 'error' ? 'field-error' : 'field-warning'}>
          {finding.severity === 'warning' ? 'Warning: ' : ''}
          {finding.message}
        </li>
      ))}
    </ul>
  );
}
