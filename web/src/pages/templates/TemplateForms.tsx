import { useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAction } from '../../components/use-action';
import type { DocumentTemplate, EmailTemplate } from '../operations/operations-types';
import { TemplatePreview } from './TemplatePreview';

/** A form that creates or replaces (`existing`) one template through `send`. */
function TemplateForm({
  label,
  existing,
  send,
  onSaved,
  onCancel,
  children,
}: {
  label: string;
  existing: boolean;
  send: () => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const save = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.run(async () => {
      await send();
      onSaved();
    });
  };
  return (
    <form className="form panel" aria-label={label} onSubmit={submit}>
      {children}
      <ErrorNotice error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.busy}>
          {existing ? 'Save template' : 'Create template'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  rows,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} {required && <span className="required">(required)</span>}
      </label>
      {rows ? (
        <textarea id={id} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input id={id} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

export function EmailTemplateForm({
  existing,
  onSaved,
  onCancel,
}: {
  existing?: EmailTemplate;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState({
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    subjectTemplate: existing?.subjectTemplate ?? '{{subject}}',
    bodyTemplate: existing?.bodyTemplate ?? '<p>{{message}}</p>',
    isDefault: existing?.isDefault ?? false,
  });
  const set = (changes: Partial<typeof draft>) => setDraft((previous) => ({ ...previous, ...changes }));
  const id = `email-template-${existing?.id ?? 'new'}`;
  // The preview is a form of its own, so it sits after the template's form, not inside it.
  return (
    <>
      <TemplateForm
        label={existing ? `Edit email template ${existing.name}` : 'New email template'}
        existing={existing !== undefined}
        send={() => {
          const body = { ...draft, description: orNull(draft.description) };
          return existing
            ? api('PUT', '/api/email-templates/{id}', { path: { id: existing.id }, body })
            : api('POST', '/api/email-templates', { body });
        }}
        onSaved={onSaved}
        onCancel={onCancel}
      >
        <TextField id={`${id}-name`} label="Name" required value={draft.name} onChange={(name) => set({ name })} />
        <TextField
          id={`${id}-description`}
          label="Description"
          value={draft.description}
          onChange={(description) => set({ description })}
        />
        <TextField
          id={`${id}-subject`}
          label="Subject (Handlebars)"
          required
          value={draft.subjectTemplate}
          onChange={(subjectTemplate) => set({ subjectTemplate })}
        />
        <TextField
          id={`${id}-body`}
          label="Body (Handlebars, HTML)"
          required
          rows={6}
          value={draft.bodyTemplate}
          onChange={(bodyTemplate) => set({ bodyTemplate })}
        />
        <p className="hint">
          Templates see the run&apos;s variables, <code>run</code>, <code>steps</code>, <code>subject</code>,{' '}
          <code>message</code> and <code>workflowName</code>; every value is escaped in the body.
        </p>
        <div className="field checkbox">
          <input
            id={`${id}-default`}
            type="checkbox"
            checked={draft.isDefault}
            onChange={(event) => set({ isDefault: event.target.checked })}
          />
          <label htmlFor={`${id}-default`}>Default (for notification steps naming no template)</label>
        </div>
      </TemplateForm>
      <details className="panel">
        <summary>Preview the changes before saving</summary>
        <TemplatePreview
          kind="email"
          templateId={existing?.id ?? 'new'}
          draft={() => ({ subjectTemplate: draft.subjectTemplate, bodyTemplate: draft.bodyTemplate })}
        />
      </details>
    </>
  );
}

export function DocumentTemplateForm({
  existing,
  onSaved,
  onCancel,
}: {
  existing?: DocumentTemplate;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState({
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    fileName: existing?.fileName ?? '',
    mimeType: existing?.mimeType ?? '',
    placeholders: existing?.placeholders.join(', ') ?? '',
  });
  const set = (changes: Partial<typeof draft>) => setDraft((previous) => ({ ...previous, ...changes }));
  const id = `document-template-${existing?.id ?? 'new'}`;
  const body = () => ({
    name: draft.name,
    description: orNull(draft.description),
    fileName: orNull(draft.fileName),
    mimeType: orNull(draft.mimeType),
    placeholders: draft.placeholders
      .split(',')
      .map((placeholder) => placeholder.trim())
      .filter((placeholder) => placeholder !== ''),
  });
  return (
    <TemplateForm
      label={existing ? `Edit document template ${existing.name}` : 'New document template'}
      existing={existing !== undefined}
      send={() =>
        existing
          ? api('PUT', '/api/document-templates/{id}', { path: { id: existing.id }, body: body() })
          : api('POST', '/api/document-templates', { body: body() })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <TextField id={`${id}-name`} label="Name" required value={draft.name} onChange={(name) => set({ name })} />
      <TextField
        id={`${id}-description`}
        label="Description"
        value={draft.description}
        onChange={(description) => set({ description })}
      />
      <TextField
        id={`${id}-file`}
        label="File name"
        value={draft.fileName}
        onChange={(fileName) => set({ fileName })}
      />
      <TextField
        id={`${id}-mime`}
        label="MIME type (type/subtype)"
        value={draft.mimeType}
        onChange={(mimeType) => set({ mimeType })}
      />
      <TextField
        id={`${id}-placeholders`}
        label="Placeholders (comma-separated)"
        value={draft.placeholders}
        onChange={(placeholders) => set({ placeholders })}
      />
    </TemplateForm>
  );
}
