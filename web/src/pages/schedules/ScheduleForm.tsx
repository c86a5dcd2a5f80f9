import { useState, type FormEvent } from 'react';
import { api, type Schema } from '../../api/client';
import type { paths } from '../../api/openapi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { typedValueOf } from '../../components/typed-value';
import { useAction } from '../../components/use-action';
import type { Schedule } from '../operations/operations-types';

interface Draft {
  workflowId: string;
  name: string;
  cronExpression: string;
  timezone: string;
  enabled: boolean;
  variables: string;
}

function draftOf(schedule: Schedule | undefined): Draft {
  return {
    workflowId: schedule?.workflowId ?? '',
    name: schedule?.name ?? '',
    cronExpression: schedule?.cronExpression ?? '',
    timezone: schedule?.timezone ?? '',
    enabled: schedule?.enabled ?? true,
    variables: JSON.stringify(schedule?.variables ?? {}, null, 2),
  };
}

/** What `POST /api/schedules` takes, every field given. */
type ScheduleBody = Required<paths['/api/schedules']['post']['requestBody']['content']['application/json']>;

/** The variables typed: a JSON object, or an error saying so. */
function variablesOf(text: string): Record<string, unknown> {
  const value = typedValueOf('object', text);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...value };
  throw new Error('Variables of each run must be a JSON object, such as {"days": 3}');
}

/** The body a draft stands for. */
function bodyOf(draft: Draft): ScheduleBody {
  return {
    workflowId: draft.workflowId,
    name: draft.name.trim() === '' ? null : draft.name.trim(),
    cronExpression: draft.cronExpression,
    timezone: draft.timezone.trim() === '' ? null : draft.timezone.trim(),
    enabled: draft.enabled,
    variables: variablesOf(draft.variables),
  };
}

/** The fields of `body` that differ from `before`. */
function changesOf(body: ScheduleBody, before: ScheduleBody): Partial<ScheduleBody> {
  const changed: Partial<ScheduleBody> = {};
  const compare = <K extends keyof ScheduleBody>(key: K) => {
    if (JSON.stringify(body[key]) !== JSON.stringify(before[key])) changed[key] = body[key];
  };
  for (const key of ['workflowId', 'name', 'cronExpression', 'timezone', 'enabled', 'variables'] as const) compare(key);
  return changed;
}

/**
 * Creates a schedule, or edits `schedule`. An edit sends only the fields changed, because
 * changing the workflow or variables (or resuming) also needs workflow:start while a rename or a
 * new cron expression does not (docs/schedules-and-triggers.md).
 */
export function ScheduleForm({
  schedule,
  workflows,
  onSaved,
  onCancel,
}: {
  schedule?: Schedule;
  workflows: Schema<'WorkflowSummary'>[];
  onSaved: (saved: Schedule) => void;
  onCancel?: () => void;
}) {
  const initial = draftOf(schedule);
  const [draft, setDraft] = useState(initial);
  const save = useAction();
  const id = schedule ? `schedule-${schedule.id}` : 'schedule-new';
  const edit = (changes: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...changes }));
  const offered = workflows.filter(
    (workflow) =>
      workflow.id === draft.workflowId ||
      (workflow.status !== 'deprecated' && workflow.trigger.types.includes('scheduled')),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.run(async () => {
      const body = bodyOf(draft);
      if (!schedule) {
        onSaved(await api('POST', '/api/schedules', { body }));
        setDraft(draftOf(undefined));
        return;
      }
      const changed = changesOf(body, bodyOf(initial));
      onSaved(await api('PATCH', '/api/schedules/{id}', { path: { id: schedule.id }, body: changed }));
    });
  };
  return (
    <form
      className="form"
      aria-label={schedule ? `Edit schedule ${schedule.name ?? schedule.cronExpression}` : 'New schedule'}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={`${id}-workflow`}>
          Workflow <span className="required">(required)</span>
        </label>
        <select
          id={`${id}-workflow`}
          value={draft.workflowId}
          onChange={(event) => edit({ workflowId: event.target.value })}
        >
          <option value="">Choose a workflow with the scheduled trigger</option>
          {offered.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name} v{workflow.version} ({workflow.status})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={draft.name} onChange={(event) => edit({ name: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-cron`}>
          Cron expression <span className="required">(required)</span>
        </label>
        <input
          id={`${id}-cron`}
          value={draft.cronExpression}
          aria-describedby={`${id}-cron-hint`}
          onChange={(event) => edit({ cronExpression: event.target.value })}
        />
        <p className="hint" id={`${id}-cron-hint`}>
          minute hour day-of-month month day-of-week (e.g. <code>0 9 * * 1-5</code>), or <code>@daily</code>,{' '}
          <code>@every 30m</code>
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-timezone`}>Time zone (IANA; empty: UTC)</label>
        <input
          id={`${id}-timezone`}
          value={draft.timezone}
          placeholder="Europe/Berlin"
          onChange={(event) => edit({ timezone: event.target.value })}
        />
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-enabled`}
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => edit({ enabled: event.target.checked })}
        />
        <label htmlFor={`${id}-enabled`}>Enabled (unticked: paused)</label>
      </div>
      <div className="field">
        <label htmlFor={`${id}-variables`}>Variables of each run (JSON object)</label>
        <textarea
          id={`${id}-variables`}
          rows={3}
          value={draft.variables}
          onChange={(event) => edit({ variables: event.target.value })}
        />
      </div>
      <ErrorNotice error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.busy}>
          {schedule ? 'Save schedule' : 'Create schedule'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
