import { useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAction } from '../../components/use-action';
import { bodyOf, draftOf, type SyncConfigDraft } from './sync-config-draft';
import { SyncPreviewPanel } from './SyncPreviewPanel';
import {
  SYNC_STRATEGIES,
  SYNC_TRIGGER_MODES,
  USER_MATCH_STRATEGIES,
  type SyncConfig,
  type SyncPreview,
} from './sync-types';

/**
 * Edits one sync config of a connector (spec 2.8), or creates it. Saving goes through the preview:
 * "Preview changes" shows what a pass of the edited config would do, and only then can it be
 * saved, because a changed filter that matches nothing makes every linked user a leaver.
 */
export function SyncConfigEditor({
  connectorId,
  resourceType,
  config,
  onSaved,
  onClose,
}: {
  connectorId: string;
  resourceType: string;
  config?: SyncConfig;
  onSaved: (saved: SyncConfig) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<SyncConfigDraft>(() => draftOf(config));
  const [preview, setPreview] = useState<SyncPreview | null>(null);
  const previewing = useAction();
  const saving = useAction();
  const path = { id: connectorId, type: resourceType };
  const users = resourceType === 'user';
  const set = <K extends keyof SyncConfigDraft>(key: K, value: SyncConfigDraft[K]) => {
    setPreview(null);
    setDraft((previous) => ({ ...previous, [key]: value }));
  };
  const previewChanges = async (event: FormEvent) => {
    event.preventDefault();
    setPreview(null);
    await previewing.run(async () =>
      setPreview(
        await api('POST', '/api/connectors/{id}/sync-config/{type}/preview', {
          path,
          body: bodyOf(resourceType, draft),
        }),
      ),
    );
  };
  const save = async () => {
    await saving.run(async () =>
      onSaved(await api('PUT', '/api/connectors/{id}/sync-config/{type}', { path, body: bodyOf(resourceType, draft) })),
    );
  };
  const id = (name: string) => `sync-${resourceType}-${name}`;
  const text = (name: keyof SyncConfigDraft, label: string, hint?: string, rows?: number) => (
    <Field id={id(name)} label={label} hint={hint}>
      {rows ? (
        <textarea
          id={id(name)}
          rows={rows}
          value={draft[name] as string}
          onChange={(event) => set(name, event.target.value)}
        />
      ) : (
        <input id={id(name)} value={draft[name] as string} onChange={(event) => set(name, event.target.value)} />
      )}
    </Field>
  );
  const choice = (name: keyof SyncConfigDraft, label: string, options: readonly string[]) => (
    <Field id={id(name)} label={label}>
      <select id={id(name)} value={draft[name] as string} onChange={(event) => set(name, event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
  const flag = (name: keyof SyncConfigDraft, label: string) => (
    <div className="field checkbox">
      <input
        id={id(name)}
        type="checkbox"
        checked={draft[name] as boolean}
        onChange={(event) => set(name, event.target.checked)}
      />
      <label htmlFor={id(name)}>{label}</label>
    </div>
  );

  return (
    <form
      className="form panel"
      aria-label={`${config ? 'Edit' : 'New'} ${resourceType} sync config`}
      onSubmit={previewChanges}
    >
      <h3>
        {config ? 'Edit' : 'New'} {resourceType} sync config
      </h3>
      {flag('enabled', 'Enabled: runs on its schedule and trigger')}
      {choice('strategy', 'Strategy', SYNC_STRATEGIES)}
      {text('cronSchedule', 'Schedule', 'Five-field cron in UTC, or a macro such as @daily; empty: no schedule')}
      {users &&
        flag('syncAllUsers', 'Sync the whole directory (syncAllUsers); otherwise filter rules choose the users')}
      {text('filterRules', 'Filter rules (JSON)', 'For example {"emailDomains": ["example.com"]}; see docs/sync.md', 3)}
      {text('staleRetention', 'Stale retention', 'How long a record no longer listed is kept, e.g. 7d')}
      {choice('syncTriggerMode', 'Workflow trigger', SYNC_TRIGGER_MODES)}
      {text('postSyncWorkflowId', 'Post-sync workflow id', 'Empty: none')}
      {users && (
        <>
          {choice('userMatchStrategy', 'Match users by', USER_MATCH_STRATEGIES)}
          {text('userMatchFallbackStrategies', 'Then by', `Comma-separated, of ${USER_MATCH_STRATEGIES.join(', ')}`)}
          {text('issuerSourcePath', 'Issuer source path', 'Record attribute holding the issuer (email_and_issuer)')}
          {text('attributeMappings', 'Attribute mappings (JSON)', 'A list of rules; see docs/sync.md', 3)}
          {flag('createUsers', 'Create users for records that match nobody')}
          {text('createUserDefaults', 'Defaults of created users (JSON)', 'Profile fields set once on creation', 2)}
          {flag('deactivateUsers', 'Deactivate users whose record left')}
          {flag('deactivateDisabledUsers', '…and users whose record is disabled upstream')}
          <fieldset>
            <legend>Deletion safeguard: hold the deactivations of a pass above</legend>
            {text('maxCount', 'Users at most')}
            {text('maxPercent', 'Percent of linked users at most')}
          </fieldset>
        </>
      )}
      <ErrorNotice error={previewing.error} />
      <div className="actions">
        <button type="submit" disabled={previewing.busy}>
          {previewing.busy ? 'Previewing…' : 'Preview changes'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {preview && (
        <>
          <SyncPreviewPanel resourceType={resourceType} preview={preview} onClose={() => setPreview(null)} />
          <ErrorNotice error={saving.error} />
          <div className="actions">
            <button type="button" disabled={saving.busy} onClick={() => void save()}>
              {saving.busy ? 'Saving…' : 'Save this config'}
            </button>
          </div>
        </>
      )}
    </form>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}
