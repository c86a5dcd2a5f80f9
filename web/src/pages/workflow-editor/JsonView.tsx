/**
 * The whole definition as JSON text. The text is kept as typed; while it is not a JSON object the
 * form cannot show it, and the parse error says why.
 */
export function JsonView({
  text,
  parseError,
  onChange,
}: {
  text: string;
  parseError: string | undefined;
  onChange: (text: string) => void;
}) {
  return (
    <section className="panel json-view" aria-labelledby="editor-json">
      <h2 id="editor-json">Definition as JSON</h2>
      <label htmlFor="definition-json">Definition (JSON)</label>
      <textarea
        id="definition-json"
        spellCheck={false}
        rows={30}
        value={text}
        aria-invalid={parseError ? true : undefined}
        aria-describedby="definition-json-error"
        onChange={(event) => onChange(event.target.value)}
      />
      {parseError && (
        <p id="definition-json-error" role="alert" className="field-error">
          Not a JSON object: {parseError}. Correct it to see the form again.
        </p>
      )}
    </section>
  );
}

/** The object the text holds, or why it holds none. */
export function parseDefinition(text: string): { value: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'it is not an object' };
    return { value: Object.fromEntries(Object.entries(value)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
