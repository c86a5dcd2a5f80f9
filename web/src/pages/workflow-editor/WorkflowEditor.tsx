import { useRef, useState } from 'react';
import { api, ApiError, type Schema } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { MermaidDiagram } from '../../components/MermaidDiagram';
import { useApiGet } from '../../components/async';
import { useAction } from '../../components/use-action';
import { Link, navigate } from '../../router';
import { useConnectorCatalogue } from './catalogue';
import { definitionInputOf, definitionOf, draftFrom, type Draft } from './draft';
import { DefinitionFields } from './DefinitionFields';
import { allFindings, isUnder, stepIndexOf } from './findings';
import { JsonView, parseDefinition } from './JsonView';
import { StepList } from './StepList';
import { useLeaveWarning } from './use-leave-warning';
import { useLiveChecks } from './use-live-checks';
import { ValidationSummary } from './ValidationSummary';
import { VariablesEditor } from './VariablesEditor';

/** A stored draft as the editor saves over it: its id and the revision it was read at. */
export interface StoredDraft {
  id: string;
  revision: number;
}

type SavedWorkflow = Schema<'Workflow'>;

/**
 * The workflow editor: the workflow's fields, the step list beside the flowchart of the unsaved
 * draft, the variables, and a JSON view of the whole definition, with live strict validation.
 * `stored` is the draft being edited, or undefined for a new one, which Save creates.
 */
export function WorkflowEditor({
  initial,
  stored,
  justCreated = false,
}: {
  initial: Draft;
  stored?: StoredDraft;
  justCreated?: boolean;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  // The step list's keys (StepList), renewed when a whole draft replaces the form's.
  const lastKey = useRef(0);
  const freshKeys = (count: number) => Array.from({ length: count }, () => (lastKey.current += 1));
  const [stepKeys, setStepKeys] = useState<number[]>(() => freshKeys(initial.steps.length));
  const [savedText, setSavedText] = useState(() => JSON.stringify(initial));
  const [revision, setRevision] = useState(stored?.revision);
  /** The JSON view's text while it is shown; null while the form is. */
  const [jsonText, setJsonText] = useState<string | null>(null);
  const [saved, setSaved] = useState(justCreated);
  const [conflict, setConflict] = useState<string | undefined>();
  const save = useAction();
  const reload = useAction();
  const stepTypes = useApiGet('/api/workflows/step-types');
  const catalogue = useConnectorCatalogue();

  const parsedJson = jsonText === null ? undefined : parseDefinition(jsonText);
  // What is edited: the form's draft, or the JSON view's object (as typed, for the validator).
  const current: Record<string, unknown> | undefined =
    parsedJson === undefined ? { ...draft } : 'value' in parsedJson ? parsedJson.value : undefined;
  const unsaved = (current === undefined ? jsonText : JSON.stringify(current)) !== savedText;
  const unsavedRef = useLeaveWarning(unsaved);
  const checks = useLiveChecks(current);
  const findings = allFindings(checks.validation);
  const shown = current === undefined ? draft : draftFrom(current);
  const stepIds = shown.steps.map((step) => step.id);
  const definitionFindings = (path: string) =>
    findings.filter((finding) => stepIndexOf(finding, stepIds) === undefined && isUnder(finding.path ?? '', path));

  const edit = (next: Draft, keys: number[] = stepKeys) => {
    setDraft(next);
    setStepKeys(keys);
    setSaved(false);
  };
  /** A draft from elsewhere (the JSON view, the API): its steps are new to the form. */
  const replaceDraft = (next: Draft) => {
    setDraft(next);
    setStepKeys(freshKeys(next.steps.length));
  };
  const change = (changes: Partial<Draft>) => edit({ ...draft, ...changes });

  const showJson = () => setJsonText(JSON.stringify(draft, null, 2));
  const showForm = () => {
    if (parsedJson && 'value' in parsedJson) {
      replaceDraft(draftFrom(parsedJson.value));
      setJsonText(null);
    }
  };
  const adopt = (workflow: SavedWorkflow) => {
    const definition = definitionOf(workflow);
    replaceDraft(definition);
    setSavedText(JSON.stringify(definition));
    setRevision(workflow.revision);
    if (jsonText !== null) setJsonText(JSON.stringify(definition, null, 2));
  };

  // What Save sends: undefined while the JSON view holds a value the API's schema would not take.
  const savable = current === undefined ? undefined : definitionInputOf(current);
  const submit = async () => {
    if (savable === undefined) return;
    setConflict(undefined);
    setSaved(false);
    await save.run(async () => {
      try {
        if (!stored) {
          const created = await api('POST', '/api/workflows', { body: savable });
          unsavedRef.current = false;
          navigate(`/workflows/${created.id}/edit?created=1`);
          return;
        }
        const updated = await api('PUT', '/api/workflows/{id}', {
          path: { id: stored.id },
          body: savable,
          headers: { 'If-Match': `"${revision ?? stored.revision}"` },
        });
        adopt(updated);
        setSaved(true);
      } catch (error) {
        if (error instanceof ApiError && error.status === 412) {
          setConflict(error.message);
          return;
        }
        throw error;
      }
    });
  };
  const reloadStored = async () => {
    if (!stored) return;
    await reload.run(async () => {
      adopt(await api('GET', '/api/workflows/{id}', { path: { id: stored.id } }));
      setConflict(undefined);
    });
  };

  const title = stored ? `Edit ${shown.name || 'workflow'}` : 'New workflow';
  return (
    <section className="page workflow-editor" aria-labelledby="editor-title">
      <p className="breadcrumb">
        <Link to="/workflows">Workflows</Link>
        {stored && (
          <>
            {' / '}
            <Link to={`/workflows/${stored.id}`}>{shown.name || stored.id}</Link>
          </>
        )}
      </p>
      <h1 id="editor-title">{title}</h1>
      <div className="editor-bar">
        <div className="view-switch" role="group" aria-label="View">
          <button type="button" aria-pressed={jsonText === null} onClick={showForm} disabled={current === undefined}>
            Form
          </button>
          <button type="button" aria-pressed={jsonText !== null} onClick={() => jsonText === null && showJson()}>
            JSON
          </button>
        </div>
        <button
          type="button"
          className="primary"
          disabled={save.busy || savable === undefined}
          onClick={() => void submit()}
        >
          {stored ? 'Save draft' : 'Create draft'}
        </button>
        <span role="status" className="save-state">
          {current !== undefined && savable === undefined
            ? 'Not savable: a field has a value of the wrong kind (see the findings)'
            : saved && !unsaved
              ? 'Saved'
              : unsaved
                ? 'Unsaved changes'
                : ''}
        </span>
      </div>
      <ErrorNotice error={save.error} />
      {conflict && (
        <div className="error-box conflict" role="alert">
          <p>
            <strong>Not saved: someone else saved this draft after you opened it.</strong> {conflict}
          </p>
          <p>Reloading shows their version and drops your changes here (switch to JSON first to copy them).</p>
          <button type="button" disabled={reload.busy} onClick={() => void reloadStored()}>
            Reload the stored draft
          </button>
          <ErrorNotice error={reload.error} />
        </div>
      )}
      <ValidationSummary result={checks.validation} findings={findings} steps={shown.steps} pending={checks.pending} />
      <ErrorNotice error={checks.validationError} />
      <div className="editor-columns">
        <div className="editor-main">
          {jsonText !== null ? (
            <JsonView
              text={jsonText}
              parseError={parsedJson && 'error' in parsedJson ? parsedJson.error : undefined}
              onChange={(text) => {
                setJsonText(text);
                setSaved(false);
              }}
            />
          ) : (
            <>
              <DefinitionFields draft={draft} findingsAt={definitionFindings} onChange={change} />
              <StepList
                steps={draft.steps}
                keys={stepKeys}
                stepTypes={stepTypes.data?.stepTypes ?? []}
                stepTypesError={stepTypes.error}
                catalogue={catalogue}
                findings={findings}
                newKey={() => freshKeys(1)[0] ?? 0}
                onChange={(steps, keys) => edit({ ...draft, steps }, keys)}
              />
              <VariablesEditor
                variables={draft.variables}
                findingsAt={definitionFindings}
                onChange={(variables) => change({ variables })}
              />
            </>
          )}
        </div>
        <aside className="editor-graph panel" aria-labelledby="editor-flow">
          <h2 id="editor-flow">Flow</h2>
          {checks.flowchart && (
            <MermaidDiagram source={checks.flowchart} label={`Flow of ${shown.name || 'the draft'}`} />
          )}
          {checks.flowchartError !== undefined && (
            <p className="meta">
              The flow cannot be drawn from the draft as it is; it shows the last one that could be.
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}
