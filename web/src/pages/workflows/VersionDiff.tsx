/**
 * "Compare versions": two versions of the chain chosen from `GET /api/workflows?versionsOf=<id>`,
 * and what changed from the first to the second (`GET /api/workflows/:to/diff?against=:from`)
 * as lists of settings, steps, transitions and variables.
 */
import { useState, type FormEvent } from 'react';
import { api, type ResponseOf } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../components/format';
import { useApiGet } from '../../components/async';
import { useAction } from '../../components/use-action';
import type { Workflow, WorkflowSummary } from './workflow-types';

/** The answer of the diff route (src/engine/diff-definitions.ts). */
type DefinitionDiff = ResponseOf<'GET', '/api/workflows/{id}/diff'>;

/** Versions in a chain are few; a chain longer than this offers its newest ones. */
const MAX_LISTED_VERSIONS = 100;

export function VersionDiff({ workflow }: { workflow: Workflow }) {
  const versions = useApiGet('/api/workflows', {
    query: { versionsOf: workflow.id, sortBy: 'createdAt', sortOrder: 'desc', pageSize: MAX_LISTED_VERSIONS },
  });
  const [from, setFrom] = useState(workflow.previousVersion?.id ?? '');
  const [to, setTo] = useState(workflow.id);
  const [diff, setDiff] = useState<{ diff: DefinitionDiff; from: string; to: string }>();
  const compare = useAction();
  const chain = versions.data?.data ?? [];
  if (chain.length < 2) return <ErrorNotice error={versions.error} />;
  const labelOf = (id: string) => {
    const version = chain.find((item) => item.id === id);
    return version ? optionLabel(version, workflow.id) : id;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDiff(undefined);
    await compare.run(async () => {
      const answer = await api('GET', '/api/workflows/{id}/diff', { path: { id: to }, query: { against: from } });
      setDiff({ diff: answer, from: labelOf(from), to: labelOf(to) });
    });
  };
  return (
    <div className="version-diff">
      <h3>Compare versions</h3>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <VersionSelect
          id="diff-from"
          label="From"
          value={from}
          versions={chain}
          current={workflow.id}
          onChange={setFrom}
        />
        <VersionSelect id="diff-to" label="To" value={to} versions={chain} current={workflow.id} onChange={setTo} />
        <button type="submit" disabled={compare.busy || from === '' || from === to}>
          Show differences
        </button>
      </form>
      <ErrorNotice error={compare.error} />
      {diff && <DiffView {...diff} />}
    </div>
  );
}

function VersionSelect({
  id,
  label,
  value,
  versions,
  current,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  versions: WorkflowSummary[];
  current: string;
  onChange: (id: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {value === '' && <option value="">Choose a version</option>}
        {versions.map((version) => (
          <option key={version.id} value={version.id}>
            {optionLabel(version, current)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Drafts of a chain share their source's number, so they are told apart by when they were made. */
function optionLabel(version: WorkflowSummary, current: string): string {
  const name =
    version.status === 'draft'
      ? `draft made ${formatDateTime(version.createdAt)}`
      : `version ${version.version} (${version.status})`;
  return version.id === current ? `${name}, this one` : name;
}

function DiffView({ diff, from, to }: { diff: DefinitionDiff; from: string; to: string }) {
  const heading = `Changes from ${from} to ${to}`;
  if (diff.identical)
    return (
      <p role="status" className="notice">
        {heading}: none, the two definitions are the same.
      </p>
    );
  const { steps, transitions, variables } = diff;
  return (
    <section className="diff" aria-label={heading}>
      <h4>{heading}</h4>
      {diff.fields.length > 0 && (
        <table className="list diff-fields">
          <caption>Settings</caption>
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {diff.fields.map((field) => (
              <tr key={field.field}>
                <th scope="row">{field.field}</th>
                <td className="diff-removed">{shown(field.from)}</td>
                <td className="diff-added">{shown(field.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ChangeList
        title="Steps"
        added={steps.added}
        removed={steps.removed}
        changed={steps.changed.map((step) => `${step.id}: ${step.changes.join(', ')}`)}
      />
      <ChangeList
        title="Transitions"
        added={transitions.added.map(edgeText)}
        removed={transitions.removed.map(edgeText)}
        changed={[]}
      />
      <ChangeList
        title="Variables"
        added={variables.added}
        removed={variables.removed}
        changed={variables.changed.map((variable) => `${variable.name}: ${variable.changes.join(', ')}`)}
      />
    </section>
  );
}

function ChangeList({
  title,
  added,
  removed,
  changed,
}: {
  title: string;
  added: string[];
  removed: string[];
  changed: string[];
}) {
  if (added.length + removed.length + changed.length === 0) return null;
  return (
    <div>
      <h5>{title}</h5>
      <ul className="diff-list" aria-label={`${title} changed`}>
        {added.map((item) => (
          <li key={`+${item}`} className="diff-added">
            Added {item}
          </li>
        ))}
        {removed.map((item) => (
          <li key={`-${item}`} className="diff-removed">
            Removed {item}
          </li>
        ))}
        {changed.map((item) => (
          <li key={`~${item}`}>Changed {item}</li>
        ))}
      </ul>
    </div>
  );
}

function edgeText(edge: { from: string; on: string; goto: string }): string {
  return `${edge.from} → ${edge.goto} on ${edge.on}`;
}

/** A setting's value as text: strings as they are, nothing as "not set", the rest as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
