import { useApiGet } from '../../components/async';
import { oneOf } from '../../components/one-of';
import { CATEGORIES, ERROR_STRATEGIES, TRIGGER_TYPES, type Draft } from './draft';
import { FieldFindings } from './FieldFindings';
import type { PlacedFinding } from './findings';

/**
 * The workflow's own fields: name, description, category, project and set, the subject
 * variable, what triggers a run, the error strategy and debug logging.
 */
export function DefinitionFields({
  draft,
  findingsAt,
  onChange,
}: {
  draft: Draft;
  findingsAt: (path: string) => PlacedFinding[];
  onChange: (changes: Partial<Draft>) => void;
}) {
  const projects = useApiGet('/api/projects', { query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' } });
  const project = projects.data?.data.find((candidate) => candidate.name === draft.project);
  const userVariables = draft.variables.filter((variable) => variable.type === 'user' && variable.name !== '');
  const field = (path: string, label: string, control: React.ReactNode) => {
    const findings = findingsAt(path);
    return (
      <div className={`field${findings.some((finding) => finding.severity === 'error') ? ' invalid' : ''}`}>
        <label htmlFor={`workflow-${path}`}>{label}</label>
        {control}
        <FieldFindings id={`workflow-${path}-findings`} findings={findings} />
      </div>
    );
  };
  return (
    <section className="panel definition-fields" aria-labelledby="editor-workflow">
      <h2 id="editor-workflow">Workflow</h2>
      {field(
        'name',
        'Name (required)',
        <input
          id="workflow-name"
          type="text"
          value={draft.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />,
      )}
      {field(
        'description',
        'Description',
        <textarea
          id="workflow-description"
          rows={2}
          value={draft.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />,
      )}
      <div className="field-row">
        {field(
          'category',
          'Category',
          <select
            id="workflow-category"
            value={draft.category}
            onChange={(event) => onChange({ category: oneOf(CATEGORIES, event.target.value) ?? draft.category })}
          >
            {CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>,
        )}
        {field(
          'project',
          'Project',
          <select
            id="workflow-project"
            value={draft.project ?? ''}
            onChange={(event) => onChange({ project: event.target.value || null, workflowSet: null })}
          >
            <option value="">None</option>
            {draft.project && !project && <option value={draft.project}>{draft.project}</option>}
            {(projects.data?.data ?? []).map((candidate) => (
              <option key={candidate.name}>{candidate.name}</option>
            ))}
          </select>,
        )}
        {field(
          'workflowSet',
          'Workflow set',
          <select
            id="workflow-workflowSet"
            value={draft.workflowSet ?? ''}
            disabled={!draft.project}
            onChange={(event) => onChange({ workflowSet: event.target.value || null })}
          >
            <option value="">None</option>
            {draft.workflowSet && !project?.workflowSets.some((set) => set.name === draft.workflowSet) && (
              <option value={draft.workflowSet}>{draft.workflowSet}</option>
            )}
            {(project?.workflowSets ?? []).map((set) => (
              <option key={set.name}>{set.name}</option>
            ))}
          </select>,
        )}
      </div>
      <div className="field-row">
        {field(
          'subjectVariable',
          'Subject variable',
          <select
            id="workflow-subjectVariable"
            value={draft.subjectVariable ?? ''}
            onChange={(event) => onChange({ subjectVariable: event.target.value || null })}
          >
            <option value="">None</option>
            {draft.subjectVariable && !userVariables.some((variable) => variable.name === draft.subjectVariable) && (
              <option value={draft.subjectVariable}>{draft.subjectVariable}</option>
            )}
            {userVariables.map((variable) => (
              <option key={variable.name}>{variable.name}</option>
            ))}
          </select>,
        )}
        {field(
          'onError',
          'When a step fails (onError)',
          <select
            id="workflow-onError"
            value={draft.onError}
            onChange={(event) => onChange({ onError: oneOf(ERROR_STRATEGIES, event.target.value) ?? draft.onError })}
          >
            {ERROR_STRATEGIES.map((strategy) => (
              <option key={strategy}>{strategy}</option>
            ))}
          </select>,
        )}
      </div>
      <fieldset className="trigger" aria-describedby="workflow-trigger-findings">
        <legend>Started by (trigger)</legend>
        {TRIGGER_TYPES.map((type) => (
          <label key={type} className="inline-check">
            <input
              type="checkbox"
              checked={draft.trigger.types.includes(type)}
              onChange={(event) =>
                onChange({
                  trigger: {
                    types: event.target.checked
                      ? TRIGGER_TYPES.filter(
                          (candidate) => candidate === type || draft.trigger.types.includes(candidate),
                        )
                      : draft.trigger.types.filter((candidate) => candidate !== type),
                  },
                })
              }
            />{' '}
            {type}
          </label>
        ))}
        <p className="hint">
          manual: started from the console or the API; scheduled: by a schedule (Schedules); webhook: by a call with the
          workflow&apos;s webhook secret.
        </p>
        <FieldFindings id="workflow-trigger-findings" findings={findingsAt('trigger')} />
      </fieldset>
      <label className="inline-check">
        <input
          type="checkbox"
          checked={draft.debugLogging}
          onChange={(event) => onChange({ debugLogging: event.target.checked })}
        />{' '}
        Debug logging
      </label>
    </section>
  );
}
