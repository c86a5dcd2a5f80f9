import { useState, type FormEvent } from 'react';
import type { RequestOptions, Schema } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formErrorsOf } from '../../components/field-errors';
import { TextField } from '../../components/TextField';
import { useAction } from '../../components/use-action';
import { useApiGet } from '../../components/async';
import { useCan } from '../../session/me';
import type { Entitlement } from './directory-types';
import { SavedNotice } from './SavedNotice';

/** What `POST /api/entitlements` and `PUT /api/entitlements/:id` take (the whole entitlement). */
export type EntitlementInput = RequestOptions<'POST', '/api/entitlements'>['body'];

type JsonObject = Record<string, unknown>;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shape the API reads (it checks the rest, such as the length of resourceId, itself). */
function isReconciliationConfig(value: unknown): value is NonNullable<Schema<'ReconciliationConfig'>> {
  return (
    isJsonObject(value) &&
    typeof value.resourceId === 'string' &&
    (value.workflowId === undefined || typeof value.workflowId === 'string')
  );
}

const FIELDS = [
  'name',
  'description',
  'connector',
  'provisionConfig.command',
  'provisionConfig.parameters',
  'deprovisionConfig.command',
  'deprovisionConfig.parameters',
  'reconciliationConfig',
];

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value, null, 2));

/**
 * An entitlement: its connector and the two connector calls that provision and deprovision it.
 * Parameters and the reconciliation config are JSON; a parameter may use `{{user.email}}`,
 * `{{role.name}}` and the like.
 */
export function EntitlementForm({
  label,
  entitlement,
  submitLabel,
  save,
}: {
  label: string;
  entitlement?: Entitlement;
  submitLabel: string;
  save: (input: EntitlementInput) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState({
    name: entitlement?.name ?? '',
    description: entitlement?.description ?? '',
    connector: entitlement?.connector ?? '',
    provisionCommand: entitlement?.provisionConfig.command ?? '',
    provisionParameters: json(entitlement?.provisionConfig.parameters ?? {}),
    deprovisionCommand: entitlement?.deprovisionConfig.command ?? '',
    deprovisionParameters: json(entitlement?.deprovisionConfig.parameters ?? {}),
    reconciliation: json(entitlement?.reconciliationConfig),
  });
  const [saved, setSaved] = useState(false);
  const [jsonErrors, setJsonErrors] = useState<Record<string, string>>({});
  const action = useAction();
  const errors = formErrorsOf(action.error, 'name', FIELDS);
  const connectors = useApiGet(useCan()('connector:read') ? '/api/connectors' : null, {
    query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
  });
  type Key = keyof typeof draft;
  const change = (key: Key) => (value: string) => {
    setSaved(false);
    setDraft((previous) => ({ ...previous, [key]: value }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problems: Record<string, string> = {};
    // Each JSON field is parsed, then checked to be of the shape the API reads; undefined when not.
    const parse = <T, E>(
      text: string,
      field: string,
      empty: E,
      fits: (value: unknown) => value is T,
      shape: string,
    ): T | E | undefined => {
      if (text.trim() === '') return empty;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        problems[field] = `${field} is not valid JSON`;
        return undefined;
      }
      if (fits(value)) return value;
      problems[field] = `${field} must be ${shape}`;
      return undefined;
    };
    const parameters = (text: string, field: string) => parse(text, field, {}, isJsonObject, 'a JSON object');
    const provisionParameters = parameters(draft.provisionParameters, 'provisionConfig.parameters');
    const deprovisionParameters = parameters(draft.deprovisionParameters, 'deprovisionConfig.parameters');
    const reconciliationConfig = parse(
      draft.reconciliation,
      'reconciliationConfig',
      null,
      isReconciliationConfig,
      'a JSON object with a "resourceId" text',
    );
    setJsonErrors(problems);
    if (provisionParameters === undefined || deprovisionParameters === undefined || reconciliationConfig === undefined)
      return;
    const input: EntitlementInput = {
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      connector: draft.connector,
      provisionConfig: { command: draft.provisionCommand.trim(), parameters: provisionParameters },
      deprovisionConfig: { command: draft.deprovisionCommand.trim(), parameters: deprovisionParameters },
      reconciliationConfig,
    };
    if (await action.run(() => save(input))) setSaved(true);
  };
  const fieldError = (field: string) => jsonErrors[field] ?? errors.fields[field];
  const connectorNames = [
    ...new Set([...(connectors.data?.data.map((connector) => connector.name) ?? []), draft.connector]),
  ].filter(Boolean);
  return (
    <form className="form" aria-label={label} onSubmit={(event) => void submit(event)}>
      <TextField
        id="entitlement-name"
        label="Name"
        required
        value={draft.name}
        onChange={change('name')}
        error={fieldError('name')}
      />
      <TextField
        id="entitlement-description"
        label="Description"
        multiline
        value={draft.description}
        onChange={change('description')}
        error={fieldError('description')}
      />
      <div className={fieldError('connector') ? 'field invalid' : 'field'}>
        <label htmlFor="entitlement-connector">
          Connector <span className="required">(required)</span>
        </label>
        <select
          id="entitlement-connector"
          value={draft.connector}
          onChange={(event) => change('connector')(event.target.value)}
        >
          <option value="">Choose a connector</option>
          {connectorNames.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        {fieldError('connector') && (
          <p className="field-error" role="alert">
            {fieldError('connector')}
          </p>
        )}
      </div>
      {(['provision', 'deprovision'] as const).map((kind) => (
        <fieldset key={kind}>
          <legend>{kind === 'provision' ? 'Provision' : 'Deprovision'}</legend>
          <TextField
            id={`entitlement-${kind}-command`}
            label={`${kind === 'provision' ? 'Provision' : 'Deprovision'} command`}
            required
            value={draft[`${kind}Command`]}
            onChange={change(`${kind}Command`)}
            error={fieldError(`${kind}Config.command`)}
            hint="A command of the connector's handler (listed on the connector's page)"
          />
          <TextField
            id={`entitlement-${kind}-parameters`}
            label={`${kind === 'provision' ? 'Provision' : 'Deprovision'} parameters (JSON)`}
            multiline
            value={draft[`${kind}Parameters`]}
            onChange={change(`${kind}Parameters`)}
            error={fieldError(`${kind}Config.parameters`)}
            hint="{{user.id}}, {{user.email}}, {{role.name}}, … are filled in"
          />
        </fieldset>
      ))}
      <TextField
        id="entitlement-reconciliation"
        label="Reconciliation config (JSON)"
        multiline
        value={draft.reconciliation}
        onChange={change('reconciliation')}
        error={fieldError('reconciliationConfig')}
        hint='Optional: {"resourceId": "…"} finds the entitlement for resource webhook events (docs/sync.md)'
      />
      <ErrorNotice error={errors.form} />
      <div className="actions">
        <button type="submit" disabled={action.busy}>
          {submitLabel}
        </button>
        <SavedNotice saved={saved} />
      </div>
    </form>
  );
}
