import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/**
 * Markdown the API generated, as HTML. Workflow names, descriptions and step configs end up in it,
 * and anyone who may edit a workflow writes those, so the HTML is sanitized before it reaches the page.
 */
export function Markdown({ source, label }: { source: string; label: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(source, { async: false })), [source]);
  return <article className="markdown" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}
