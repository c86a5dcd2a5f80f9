import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { useQueryParams, useSetQueryParams } from '../components/query-params';
import { SortControls } from '../components/SortControls';
import { useApiGet } from '../components/async';
import { useAction } from '../components/use-action';
import { useCan } from '../session/me';
import { listQueryOf } from './operations/list-query';
import type { DocumentTemplate, EmailTemplate } from './operations/operations-types';
import { DocumentTemplateForm, EmailTemplateForm } from './templates/TemplateForms';
import { TemplatePreview } from './templates/TemplatePreview';
import './pages.css';

const SORT_FIELDS: { value: 'name' | 'createdAt'; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created' },
];

const KINDS = {
  email: { title: 'Email templates' },
  document: { title: 'Document templates' },
} as const;
type Kind = keyof typeof KINDS;

type AnyTemplate = (EmailTemplate & { kind: 'email' }) | (DocumentTemplate & { kind: 'document' });

/**
 * `/templates`: email templates (the layout of notification emails) and document templates
 * (metadata of documents kept elsewhere), searched by name; workflow:update creates, edits and
 * deletes them (docs/transfer.md, "Email templates").
 */
export function TemplatesPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const manage = useCan()('workflow:update');
  const kind: Kind = values.kind === 'document' ? 'document' : 'email';
  const [search, setSearch] = useState(values.search ?? '');
  const [creating, setCreating] = useState(false);
  const query = { ...listQueryOf(SORT_FIELDS, values), search: values.search };
  const emails = useApiGet(kind === 'email' ? '/api/email-templates' : null, { query });
  const documents = useApiGet(kind === 'document' ? '/api/document-templates' : null, { query });
  const templates = kind === 'email' ? emails : documents;
  const rows: AnyTemplate[] =
    kind === 'email'
      ? (emails.data?.data ?? []).map((template) => ({ ...template, kind }))
      : (documents.data?.data ?? []).map((template) => ({ ...template, kind }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: search.trim(), page: '' });
  };
  const saved = () => {
    setCreating(false);
    templates.reload();
  };
  return (
    <section className="page">
      <h1>Templates</h1>
      <div className="actions" role="group" aria-label="Kind of template">
        {(Object.keys(KINDS) as Kind[]).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === kind}
            onClick={() => {
              setCreating(false);
              setQuery({ kind: option === 'email' ? '' : option, page: '', search: '' });
              setSearch('');
            }}
          >
            {KINDS[option].title}
          </button>
        ))}
      </div>
      {manage && !creating && (
        <p>
          <button type="button" onClick={() => setCreating(true)}>
            New {kind} template
          </button>
        </p>
      )}
      {creating &&
        (kind === 'email' ? (
          <EmailTemplateForm onSaved={saved} onCancel={() => setCreating(false)} />
        ) : (
          <DocumentTemplateForm onSaved={saved} onCancel={() => setCreating(false)} />
        ))}
      <form className="filters" aria-label="Template filters" onSubmit={submitSearch}>
        <div className="field">
          <label htmlFor="templates-search">Name</label>
          <input
            id="templates-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
        <SortControls
          id="templates"
          fields={SORT_FIELDS}
          values={values}
          defaults={{ sortBy: 'name', sortOrder: 'asc' }}
          onChange={setQuery}
        />
      </form>
      <ErrorNotice error={templates.error} />
      {templates.data && (
        <>
          {rows.length === 0 ? (
            <p>No {kind} templates match.</p>
          ) : (
            <ul className="template-list">
              {rows.map((template) => (
                <TemplateItem key={template.id} template={template} manage={manage} onChanged={templates.reload} />
              ))}
            </ul>
          )}
          <Pagination
            page={templates.data}
            label="Template pages"
            onPage={(page) => setQuery({ page: String(page) })}
          />
        </>
      )}
    </section>
  );
}

function TemplateItem({
  template,
  manage,
  onChanged,
}: {
  template: AnyTemplate;
  manage: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const remove = useAction();
  const confirmRemove = async () => {
    const path = { id: template.id };
    const removal = () =>
      template.kind === 'email'
        ? api('DELETE', '/api/email-templates/{id}', { path })
        : api('DELETE', '/api/document-templates/{id}', { path });
    if (await remove.run(removal)) onChanged();
  };
  const done = () => {
    setEditing(false);
    onChanged();
  };
  if (editing)
    return (
      <li>
        {template.kind === 'email' ? (
          <EmailTemplateForm existing={template} onSaved={done} onCancel={() => setEditing(false)} />
        ) : (
          <DocumentTemplateForm existing={template} onSaved={done} onCancel={() => setEditing(false)} />
        )}
      </li>
    );
  return (
    <li className="panel">
      <details>
        <summary>
          <strong>{template.name}</strong>
          {template.kind === 'email' && template.isDefault && <span className="tag">default</span>}
          {template.description && <span className="muted"> · {template.description}</span>}
        </summary>
        {template.kind === 'email' ? (
          <dl className="facts">
            <dt>Subject</dt>
            <dd>
              <code>{template.subjectTemplate}</code>
            </dd>
            <dt>Body</dt>
            <dd>
              <pre>{template.bodyTemplate}</pre>
            </dd>
          </dl>
        ) : (
          <dl className="facts">
            <dt>File</dt>
            <dd>{template.fileName ?? '—'}</dd>
            <dt>MIME type</dt>
            <dd>{template.mimeType ?? '—'}</dd>
            <dt>Placeholders</dt>
            <dd>{template.placeholders.join(', ') || '—'}</dd>
          </dl>
        )}
        <p className="muted">Changed {formatDateTime(template.updatedAt)}</p>
      </details>
      {manage && (
        <div className="actions">
          <button type="button" aria-expanded={previewing} onClick={() => setPreviewing(!previewing)}>
            Preview {template.name}
          </button>
          <button type="button" onClick={() => setEditing(true)}>
            Edit {template.name}
          </button>
          <ConfirmedButton
            label={`Delete ${template.name}`}
            consequence={
              template.kind === 'email'
                ? 'Notification steps naming it fail with unknown_template until one of that name exists again.'
                : 'Its metadata is removed; the document file stays wherever it is kept.'
            }
            confirmLabel={`Yes, delete ${template.name}`}
            className="danger"
            disabled={remove.busy}
            onConfirm={() => void confirmRemove()}
          />
        </div>
      )}
      <ErrorNotice error={remove.error} />
      {manage && previewing && <TemplatePreview kind={template.kind} templateId={template.id} />}
    </li>
  );
}
