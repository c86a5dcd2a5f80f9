import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { useMemo } from 'react';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Raw HTML inside the Markdown is shown as the text it is: the generated docs hold HTML only
 * where a workflow editor typed it into a name or description.
 */
const markdown = new Marked({
  renderer: { html: (token: Tokens.HTML | Tokens.Tag) => token.text.replace(/[&<>"']/g, (char) => ESCAPES[char]!) },
});

/**
 * Markdown the API generated, as HTML. Workflow names, descriptions and step configs end up in it,
 * and anyone who may edit a workflow writes those: raw HTML is escaped, and the result is
 * sanitized as well (Markdown links may still say `javascript:`).
 */
export function Markdown({ source, label }: { source: string; label: string }) {
  const html = useMemo(() => DOMPurify.sanitize(markdown.parse(source, { async: false })), [source]);
  return <article className="markdown" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}
