import { useEffect, useId, useRef, useState } from 'react';
import { messageOf } from './async';

/**
 * A Mermaid flowchart drawn in the page. Mermaid is large, so it is loaded on first use in a chunk
 * of its own; `strict` makes it escape labels and refuse click handlers, since labels are step
 * names that workflow editors write.
 */
export function MermaidDiagram({ source, label }: { source: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const renderId = `diagram-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [failure, setFailure] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const { default: mermaid } = await import('mermaid');
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
        const { svg } = await mermaid.render(renderId, source);
        if (current && container.current) container.current.innerHTML = svg;
      } catch (error) {
        if (current) setFailure(messageOf(error));
      }
    })();
    return () => {
      current = false;
    };
  }, [source, renderId]);
  return (
    <figure className="diagram">
      <div ref={container} role="img" aria-label={label} />
      {failure && (
        <figcaption role="alert" className="error">
          The diagram could not be drawn: {failure}
        </figcaption>
      )}
    </figure>
  );
}
