import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, send, urlOf } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StatusBadge } from '../../components/StatusBadge';
import { useAction } from '../../components/use-action';
import {
  documentProblemsOf,
  IMPORT_STRATEGIES,
  isImportResult,
  type DocumentProblem,
  type ImportDetail,
  type ImportResult,
  type ImportStrategy,
} from './transfer-types';

/** The listed problems of a refused document (a 400 with `details.problems`), else none. */
function problemsOf(error: unknown): DocumentProblem[] {
  return error instanceof ApiError ? documentProblemsOf(error.body.details) : [];
}

/**
 * Sends the document as it was typed. The API checks it and answers a 400 listing every problem,
 * which is what the page shows for a document that is not valid; `api` takes only a valid
 * ConfigurationDocument, so this goes through `send`, and the answer is checked before use.
 */
async function importDocument(
  path: '/api/config/import' | '/api/config/import/preview',
  strategy: ImportStrategy,
  document: unknown,
): Promise<ImportResult> {
  const answer = await send('POST', urlOf(path, { query: { strategy } }), document);
  if (!isImportResult(answer)) throw new Error('The import answered something other than an import result');
  return answer;
}

function shown(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Import: a document from a file or pasted, previewed first (`POST /api/config/import/preview`,
 * which writes nothing) with each entry's action and the fields it changes; only then applied,
 * and only as previewed: changing the document or the strategy hides the preview again.
 */
export function ImportPanel() {
  const [text, setText] = useState('');
  const [strategy, setStrategy] = useState<ImportStrategy>('upsert');
  const [preview, setPreview] = useState<ImportResult>();
  const [applied, setApplied] = useState<ImportResult>();
  const [parseError, setParseError] = useState<string>();
  const previewAction = useAction();
  const applyAction = useAction();
  const changed = (next: () => void) => {
    next();
    setPreview(undefined);
    setApplied(undefined);
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) {
      const content = await file.text();
      changed(() => setText(content));
    }
  };
  const parsedDocument = (): unknown => {
    try {
      setParseError(undefined);
      return JSON.parse(text) as unknown;
    } catch (error) {
      setParseError(`The document is not JSON: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  const submitPreview = async (event: FormEvent) => {
    event.preventDefault();
    setApplied(undefined);
    setPreview(undefined);
    const body = parsedDocument();
    if (body === undefined) return;
    await previewAction.run(async () => setPreview(await importDocument('/api/config/import/preview', strategy, body)));
  };
  const apply = async () => {
    const body = parsedDocument();
    if (body === undefined) return;
    await applyAction.run(async () => {
      setApplied(await importDocument('/api/config/import', strategy, body));
      setPreview(undefined);
    });
  };
  const problems = problemsOf(previewAction.error);
  return (
    <section className="panel" aria-labelledby="transfer-import">
      <h2 id="transfer-import">Import</h2>
      <form className="form" aria-label="Import" onSubmit={submitPreview}>
        <div className="field">
          <label htmlFor="import-file">Document file</label>
          <input
            id="import-file"
            type="file"
            accept="application/json,.json"
            onChange={(event) => void onFile(event)}
          />
        </div>
        <div className="field">
          <label htmlFor="import-document">Document (JSON)</label>
          <textarea
            id="import-document"
            rows={8}
            value={text}
            onChange={(event) => changed(() => setText(event.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="import-strategy">Strategy</label>
          <select
            id="import-strategy"
            value={strategy}
            onChange={(event) => {
              const chosen = IMPORT_STRATEGIES.find((option) => option.value === event.target.value);
              if (chosen) changed(() => setStrategy(chosen.value));
            }}
          >
            {IMPORT_STRATEGIES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {parseError && (
          <p className="error" role="alert">
            {parseError}
          </p>
        )}
        <ErrorNotice error={previewAction.error} />
        {problems.length > 0 && (
          <ul className="import-problems" aria-label="Problems of the document">
            {problems.map((problem, index) => (
              <li key={index}>
                <strong>
                  {problem.section ?? 'document'}
                  {problem.name ? ` "${problem.name}"` : ''}
                </strong>
                {problem.path && <code className="muted"> {problem.path}</code>}: {problem.message}
              </li>
            ))}
          </ul>
        )}
        <button type="submit" disabled={previewAction.busy || text.trim() === ''}>
          {previewAction.busy ? 'Previewing…' : 'Preview import'}
        </button>
      </form>
      {preview && (
        <section aria-label="Preview of the import">
          <h3>What the import would do (nothing is written yet)</h3>
          <ImportOutcome result={preview} />
          <ErrorNotice error={applyAction.error} />
          <div className="actions">
            <button type="button" className="primary" disabled={applyAction.busy} onClick={() => void apply()}>
              {applyAction.busy ? 'Importing…' : 'Apply this import'}
            </button>
          </div>
        </section>
      )}
      {applied && (
        <section aria-label="Result of the import">
          <h3>Imported</h3>
          <ImportOutcome result={applied} />
        </section>
      )}
    </section>
  );
}

function ImportOutcome({ result }: { result: ImportResult }) {
  const { created, updated, skipped, errors } = result.summary;
  return (
    <>
      <p role="status">
        <StatusBadge status={result.status} /> {created} created, {updated} updated, {skipped} skipped or unchanged,{' '}
        {errors} errors
      </p>
      {result.details.length > 0 && (
        <div className="table-scroll">
          <table className="list stack">
            <thead>
              <tr>
                <th scope="col">Entity</th>
                <th scope="col">Name</th>
                <th scope="col">Action</th>
                <th scope="col">Differences and notes</th>
              </tr>
            </thead>
            <tbody>
              {result.details.map((detail) => (
                <tr key={`${detail.entity}:${detail.name}`}>
                  <td data-label="Entity">{detail.entity.replace(/_/g, ' ')}</td>
                  <td data-label="Name">{detail.name}</td>
                  <td data-label="Action">
                    <StatusBadge status={detail.action} />
                  </td>
                  <td data-label="Differences and notes">
                    <DetailNotes detail={detail} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function DetailNotes({ detail }: { detail: ImportDetail }) {
  return (
    <>
      {detail.changes && detail.changes.length > 0 && (
        <ul className="import-changes">
          {detail.changes.map((change) => (
            <li key={change.field}>
              <code>{change.field}</code>
              {'from' in change || 'to' in change ? (
                <>
                  : <del>{shown(change.from)}</del> → <ins>{shown(change.to)}</ins>
                </>
              ) : (
                ' changes'
              )}
            </li>
          ))}
        </ul>
      )}
      {detail.error && <p className="field-error">{detail.error}</p>}
      {detail.note && <p className="muted">{detail.note}</p>}
      {detail.secretKeysToSet && detail.secretKeysToSet.length > 0 && (
        <p>Secrets to set: {detail.secretKeysToSet.join(', ')}</p>
      )}
    </>
  );
}
