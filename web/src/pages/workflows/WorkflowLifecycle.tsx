/**
 * The lifecycle actions of one workflow (spec 3.1 and 9): each is offered only in the statuses
 * the API allows it and to holders of its permission; the API still decides (project authority,
 * strict validation), and its refusal is shown under the action that was refused.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { detailOf } from '../../components/field-errors';
import { useApiGet } from '../../components/async';
import { useAction } from '../../components/use-action';
import { navigate } from '../../router';
import { useCan } from '../../session/me';
import type { Workflow } from './workflow-types';

interface Props {
  workflow: Workflow;
  /** Called after an action that changed this workflow, to read it again. */
  onChanged: () => void;
}

export function WorkflowLifecycle({ workflow, onChanged }: Props) {
  const can = useCan();
  // Kept here, not in the action: a published draft no longer shows its Publish form.
  const [notice, setNotice] = useState<string>();
  const deleted = workflow.deletedAt !== null;
  const published = workflow.status === 'active' || workflow.status === 'deprecated';
  const offered = {
    publish: !deleted && workflow.status === 'draft' && can('workflow:publish'),
    deprecate: !deleted && workflow.status === 'active' && can('workflow:update'),
    createVersion: !deleted && published && can('workflow:create'),
    revert: !deleted && published && can('workflow:publish'),
    deleteOrRestore: can('workflow:delete'),
  };
  if (!Object.values(offered).some(Boolean)) return null;
  return (
    <section className="panel lifecycle" aria-labelledby="workflow-lifecycle">
      <h2 id="workflow-lifecycle">Lifecycle</h2>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {deleted ? (
        offered.deleteOrRestore && <DeletedActions workflow={workflow} onChanged={onChanged} />
      ) : (
        <>
          {offered.publish && <Publish workflow={workflow} onChanged={onChanged} onPublished={setNotice} />}
          {offered.deprecate && <Deprecate workflow={workflow} onChanged={onChanged} />}
          {offered.createVersion && <CreateVersion workflow={workflow} />}
          {offered.revert && <RevertToDraft workflow={workflow} onChanged={onChanged} />}
          {offered.deleteOrRestore && <Delete workflow={workflow} onChanged={onChanged} />}
        </>
      )}
    </section>
  );
}

/**
 * Publish a draft. When the version it was cloned from is still active, both would take new
 * runs, so the form offers to deprecate it in the same step (spec 9), ticked by default as the
 * recommended practice.
 */
function Publish({ workflow, onChanged, onPublished }: Props & { onPublished: (notice: string) => void }) {
  const can = useCan();
  const publish = useAction();
  const source = useApiGet(workflow.sourceWorkflowId ? '/api/workflows/{id}' : null, {
    path: { id: workflow.sourceWorkflowId ?? '' },
  });
  const previousActive = source.data?.status === 'active' ? source.data : undefined;
  const mayDeprecate = previousActive !== undefined && can('workflow:update');
  const [deprecatePrevious, setDeprecatePrevious] = useState(true);
  const deprecating = mayDeprecate && deprecatePrevious;
  const submit = async () => {
    await publish.run(async () => {
      const answer = await api('POST', '/api/workflows/{id}/publish', {
        path: { id: workflow.id },
        body: deprecating && previousActive ? { deprecatePreviousVersionId: previousActive.id } : {},
      });
      // The API's own notice names its routes; the page says it in words and Versions offers the button.
      const others = answer.otherActiveVersions.map((other) => `version ${other.version}`).join(', ');
      onPublished(
        `Published as version ${answer.version}.${others ? ` Also active: ${others}; they take new runs until deprecated.` : ''}`,
      );
      onChanged();
    });
  };
  return (
    <div className="lifecycle-action">
      <h3>Publish</h3>
      <p className="meta">
        The draft is checked strictly; if it passes it becomes active as version {workflow.version + 1} and takes new
        runs.
      </p>
      {mayDeprecate && (
        <label className="inline-check">
          <input
            type="checkbox"
            checked={deprecatePrevious}
            onChange={(event) => setDeprecatePrevious(event.target.checked)}
          />
          Deprecate version {previousActive.version}, the previous version, in the same step
        </label>
      )}
      {previousActive && !mayDeprecate && (
        <p className="meta">Version {previousActive.version}, the previous version, stays active.</p>
      )}
      <ConfirmedButton
        label="Publish"
        className="primary"
        disabled={publish.busy}
        consequence={
          deprecating
            ? `Version ${workflow.version + 1} becomes active, and version ${previousActive?.version} is deprecated: its new runs are refused, runs in progress go on.`
            : `Version ${workflow.version + 1} becomes active and takes new runs; the draft can no longer be edited.`
        }
        confirmLabel="Yes, publish"
        onConfirm={() => void submit()}
      />
      <ErrorNotice error={publish.error} />
      <Findings error={publish.error} />
    </div>
  );
}

/** The strict validation's findings of a refused publish, each with its step. */
function Findings({ error }: { error: unknown }) {
  if (!(error instanceof ApiError)) return null;
  const errors = detailOf(error.body.details, 'errors');
  if (!Array.isArray(errors)) return null;
  const findings = errors.flatMap((item) => {
    const [message, stepId] = [detailOf(item, 'message'), detailOf(item, 'stepId')];
    return typeof message === 'string' ? [{ message, stepId: typeof stepId === 'string' ? stepId : undefined }] : [];
  });
  if (findings.length <= 1) return null;
  return (
    <ul className="findings" aria-label="What stops the publish">
      {findings.map((finding, index) => (
        <li key={index}>
          {finding.stepId && <strong>{finding.stepId}: </strong>}
          {finding.message}
        </li>
      ))}
    </ul>
  );
}

function Deprecate({ workflow, onChanged }: Props) {
  const deprecate = useAction();
  const submit = async () => {
    if (
      await deprecate.run(() => api('POST', '/api/workflows/{id}/deprecate', { path: { id: workflow.id }, body: {} }))
    )
      onChanged();
  };
  return (
    <div className="lifecycle-action">
      <h3>Deprecate</h3>
      <ConfirmedButton
        label="Deprecate"
        className="danger"
        disabled={deprecate.busy}
        consequence={`Version ${workflow.version} will refuse new runs; runs in progress go on.`}
        confirmLabel="Yes, deprecate"
        onConfirm={() => void submit()}
      />
      <ErrorNotice error={deprecate.error} />
    </div>
  );
}

/** Clones the published definition into a new draft and opens it. */
function CreateVersion({ workflow }: { workflow: Workflow }) {
  const create = useAction();
  const submit = async () => {
    await create.run(async () => {
      const answer = await api('POST', '/api/workflows/{id}/create-version', { path: { id: workflow.id } });
      navigate(`/workflows/${answer.newWorkflow.id}`);
    });
  };
  return (
    <div className="lifecycle-action">
      <h3>New version</h3>
      <p className="meta">A draft copy of this version to change and publish; this one stays as it is.</p>
      <button type="button" disabled={create.busy} onClick={() => void submit()}>
        Create a new version
      </button>
      <ErrorNotice error={create.error} />
    </div>
  );
}

/** Back to draft, confirmed by typing the workflow's name, which the API compares (spec 9 advises against it). */
function RevertToDraft({ workflow, onChanged }: Props) {
  const revert = useAction();
  const [typed, setTyped] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await revert.run(() =>
        api('POST', '/api/workflows/{id}/revert-to-draft', {
          path: { id: workflow.id },
          body: { confirmationName: typed },
        }),
      )
    )
      onChanged();
  };
  return (
    <form className="lifecycle-action" onSubmit={(event) => void submit(event)}>
      <h3>Revert to draft</h3>
      <p className="meta">
        The workflow stops taking new runs until it is published again. For a workflow in use, create a new version
        instead.
      </p>
      <label htmlFor="revert-confirmation">Type the workflow&apos;s name, {workflow.name}, to confirm</label>
      <input
        id="revert-confirmation"
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
      />
      <button type="submit" className="danger" disabled={revert.busy || typed === ''}>
        Revert to draft
      </button>
      <ErrorNotice error={revert.error} />
    </form>
  );
}

function Delete({ workflow, onChanged }: Props) {
  const remove = useAction();
  const submit = async () => {
    if (await remove.run(() => api('DELETE', '/api/workflows/{id}', { path: { id: workflow.id } }))) onChanged();
  };
  return (
    <div className="lifecycle-action">
      <h3>Delete</h3>
      <ConfirmedButton
        label="Delete workflow"
        className="danger"
        disabled={remove.busy}
        consequence="The workflow is hidden from the list and takes no new runs; it can be restored later."
        confirmLabel="Yes, delete"
        onConfirm={() => void submit()}
      />
      <ErrorNotice error={remove.error} />
    </div>
  );
}

/** A soft-deleted workflow: restore it, or delete it for good. */
function DeletedActions({ workflow, onChanged }: Props) {
  const restore = useAction();
  const purge = useAction();
  const submitRestore = async () => {
    if (await restore.run(() => api('POST', '/api/workflows/{id}/restore', { path: { id: workflow.id } }))) onChanged();
  };
  const submitPurge = async () => {
    if (await purge.run(() => api('DELETE', '/api/workflows/{id}/permanent', { path: { id: workflow.id } })))
      navigate('/workflows');
  };
  return (
    <>
      <div className="lifecycle-action">
        <h3>Restore</h3>
        <button type="button" disabled={restore.busy} onClick={() => void submitRestore()}>
          Restore workflow
        </button>
        <ErrorNotice error={restore.error} />
      </div>
      <div className="lifecycle-action">
        <h3>Delete permanently</h3>
        <ConfirmedButton
          label="Delete permanently"
          className="danger"
          disabled={purge.busy}
          consequence="The workflow is removed for good and cannot be restored; versions made from it lose their link to it."
          confirmLabel="Yes, delete permanently"
          onConfirm={() => void submitPurge()}
        />
        <ErrorNotice error={purge.error} />
      </div>
    </>
  );
}
