import DOMPurify from 'dompurify';
import { useMemo, useState, type FormEvent } from 'react';
import { api, type Schema } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TextField } from '../../components/TextField';
import { useAction } from '../../components/use-action';
import './template-preview.css';

type EmailPreview = Schema<'EmailTemplatePreview'>;
type DocumentPreview = Schema<'DocumentTemplatePreview'>;

/** The sample variables typed as JSON, or the reason they are not a JSON object. */
function parseVariables(text: string): { variables: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return { variables: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { variables: Object.fromEntries(Object.entries(parsed)) };
    }
  } catch {
    // Reported below, as for any value that is not an object.
  }
  return { problem: 'Sample variables must be a JSON object, such as {"employee": {"name": "Ada"}}' };
}

/**
 * A template's preview with sample variables, rendered by the API with the notification step's
 * own renderer (docs/transfer.md, "Previewing a template"). Only for workflow:update holders,
 * as the API asks. With `draft`, the email sources being edited are rendered instead of the
 * saved ones (`templateId` is then only the form's name, `new` for a template not yet created).
 */
export function TemplatePreview({
  kind,
  templateId,
  draft,
}: {
  kind: 'email' | 'document';
  templateId: string;
  draft?: () => { subjectTemplate: string; bodyTemplate: string };
}) {
  const id = `preview-${draft ? 'draft-' : ''}${templateId}`;
  const [variablesText, setVariablesText] = useState('{}');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string>();
  const [email, setEmail] = useState<EmailPreview>();
  const [document, setDocument] = useState<DocumentPreview>();
  const preview = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseVariables(variablesText);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(undefined);
    const { variables } = parsed;
    const step = { variables, message, ...(subject === '' ? {} : { subject }) };
    const path = { id: templateId };
    await preview.run(async () => {
      if (kind === 'document') {
        setDocument(await api('POST', '/api/document-templates/{id}/preview', { path, body: { variables } }));
      } else if (draft) {
        setEmail(await api('POST', '/api/email-templates/preview', { body: { ...draft(), ...step } }));
      } else {
        setEmail(await api('POST', '/api/email-templates/{id}/preview', { path, body: step }));
      }
    });
  };
  return (
    <form className="form" aria-label={draft ? 'Preview of the changes' : 'Template preview'} onSubmit={submit}>
      <TextField
        id={`${id}-variables`}
        label="Sample variables (JSON)"
        multiline
        value={variablesText}
        onChange={setVariablesText}
        error={problem}
      />
      {kind === 'email' && (
        <>
          <TextField id={`${id}-subject`} label="Step subject" value={subject} onChange={setSubject} />
          <TextField id={`${id}-message`} label="Step message" value={message} onChange={setMessage} />
        </>
      )}
      <ErrorNotice error={preview.error} />
      <div className="actions">
        <button type="submit" disabled={preview.busy}>
          Show preview
        </button>
      </div>
      {kind === 'email' && email && !preview.error && <EmailResult preview={email} />}
      {kind === 'document' && document && !preview.error && <DocumentResult preview={document} />}
    </form>
  );
}

/**
 * The rendered email, sanitized before it enters the page (scripts, event handlers and `<style>`,
 * which would restyle the console, are removed), and its HTML source as text.
 */
function EmailResult({ preview }: { preview: EmailPreview }) {
  const safe = useMemo(
    () => DOMPurify.sanitize(preview.html, { FORBID_TAGS: ['style', 'link', 'form', 'input', 'button'] }),
    [preview.html],
  );
  return (
    <section aria-label="Rendered email" className="panel">
      <dl className="facts">
        <dt>Subject</dt>
        <dd>{preview.subject}</dd>
        <dt>Body</dt>
        <dd>
          <article className="email-preview" aria-label="Rendered body" dangerouslySetInnerHTML={{ __html: safe }} />
        </dd>
        <dt>HTML</dt>
        <dd>
          <pre className="email-source" aria-label="HTML source">
            {preview.html}
          </pre>
        </dd>
      </dl>
    </section>
  );
}

function DocumentResult({ preview }: { preview: DocumentPreview }) {
  if (preview.placeholders.length === 0) return <p>This template declares no placeholders.</p>;
  return (
    <table className="list" aria-label="Placeholder values">
      <thead>
        <tr>
          <th scope="col">Placeholder</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {preview.placeholders.map((placeholder) => (
          <tr key={placeholder.name}>
            <td>
              <code>{placeholder.name}</code>
            </td>
            <td>
              {placeholder.filled ? (
                <code>{JSON.stringify(placeholder.value)}</code>
              ) : (
                <span className="muted">not filled</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
