import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAction } from '../../components/use-action';
import { jsonSchemaOf, type ConnectorDetail, type ConnectorHandler } from './connector-types';
import { SecretField, SettingField } from './SettingField';
import { configOf, draftsOf, secretsOf, type SettingsDrafts } from './settings-drafts';

/**
 * Creates a connector of `handler`, or edits `connector`: name, description, enabled, a field per
 * setting the handler describes, the secrets write-only, and the settings it does not describe as
 * JSON. The API checks everything again; its message shows above the button.
 */
export function ConnectorForm({
  handler,
  connector,
  onSaved,
}: {
  handler: ConnectorHandler | undefined;
  connector?: ConnectorDetail;
  onSaved: (saved: ConnectorDetail) => void;
}) {
  const settings = jsonSchemaOf(handler?.settings?.schema);
  const properties = settings.properties ?? {};
  const required = new Set(settings.required ?? []);
  const described = handler?.settings?.secrets ?? [];
  const secretNames = [...new Set([...described, ...(connector?.secretKeys ?? [])])];
  const [fields, setFields] = useState({
    name: connector?.name ?? '',
    description: connector?.description ?? '',
    enabled: connector?.enabled ?? true,
  });
  const [drafts, setDrafts] = useState<SettingsDrafts>(() => draftsOf(properties, described, connector?.config ?? {}));
  const [newSecret, setNewSecret] = useState({ name: '', value: '' });
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const change = (next: Partial<SettingsDrafts>) => {
    setSaved(false);
    setDrafts((previous) => ({ ...previous, ...next }));
  };
  const edit = (next: Partial<typeof fields>) => {
    setSaved(false);
    setFields((previous) => ({ ...previous, ...next }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    await save.run(async () => {
      const secrets = secretsOf(drafts);
      if (newSecret.name.trim() !== '') secrets[newSecret.name.trim()] = newSecret.value;
      const body = {
        name: fields.name.trim(),
        description: fields.description,
        enabled: fields.enabled,
        config: configOf(properties, drafts),
        ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
      };
      const result = connector
        ? await api('PUT', '/api/connectors/{id}', { path: { id: connector.id }, body })
        : await api('POST', '/api/connectors', { body: { ...body, type: handler?.name ?? '' } });
      setDrafts(draftsOf(properties, described, result.config));
      setNewSecret({ name: '', value: '' });
      setSaved(true);
      onSaved(result);
    });
  };

  return (
    <form className="form" aria-label={connector ? `Settings of ${connector.name}` : 'New connector'} onSubmit={submit}>
      <div className="field">
        <label htmlFor="connector-name">
          Name <span className="required">(required)</span>
        </label>
        <input id="connector-name" value={fields.name} onChange={(event) => edit({ name: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="connector-description">Description</label>
        <input
          id="connector-description"
          value={fields.description}
          onChange={(event) => edit({ description: event.target.value })}
        />
      </div>
      <div className="field checkbox">
        <input
          id="connector-enabled"
          type="checkbox"
          checked={fields.enabled}
          onChange={(event) => edit({ enabled: event.target.checked })}
        />
        <label htmlFor="connector-enabled">Enabled (a disabled connector refuses every call)</label>
      </div>
      <fieldset>
        <legend>Settings</legend>
        {Object.entries(drafts.fields).map(([setting, draft]) => (
          <SettingField
            key={setting}
            name={setting}
            schema={properties[setting] ?? {}}
            required={required.has(setting)}
            draft={draft}
            disabled={save.busy}
            onChange={(value) => change({ fields: { ...drafts.fields, [setting]: value } })}
          />
        ))}
        <div className="field">
          <label htmlFor="connector-other-settings">
            {handler?.settings ? 'Other settings (JSON object)' : 'Settings (JSON object)'}
          </label>
          <textarea
            id="connector-other-settings"
            rows={4}
            value={drafts.other}
            disabled={save.busy}
            onChange={(event) => change({ other: event.target.value })}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Secrets</legend>
        <p className="hint">Never shown again once saved; leave a field empty to keep what is set.</p>
        {secretNames.map((secret) => (
          <SecretField
            key={secret}
            name={secret}
            isSet={connector?.secretKeys.includes(secret) ?? false}
            value={drafts.secrets[secret] ?? ''}
            removed={drafts.removed.includes(secret)}
            disabled={save.busy}
            onChange={(value) => change({ secrets: { ...drafts.secrets, [secret]: value } })}
            onRemove={(remove) =>
              change({
                removed: remove ? [...drafts.removed, secret] : drafts.removed.filter((other) => other !== secret),
              })
            }
          />
        ))}
        {!handler?.settings && (
          <div className="filters">
            <div className="field">
              <label htmlFor="new-secret-name">Another secret: name</label>
              <input
                id="new-secret-name"
                value={newSecret.name}
                onChange={(event) => setNewSecret({ ...newSecret, name: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="new-secret-value">Value</label>
              <input
                id="new-secret-value"
                type="password"
                autoComplete="new-password"
                value={newSecret.value}
                onChange={(event) => setNewSecret({ ...newSecret, value: event.target.value })}
              />
            </div>
          </div>
        )}
      </fieldset>
      <ErrorNotice error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.busy}>
          {save.busy ? 'Saving…' : connector ? 'Save' : 'Create connector'}
        </button>
        {saved && <span role="status">Saved</span>}
      </div>
    </form>
  );
}
