import { useState } from 'react';

/**
 * A secret the API answers once (a new API or SCIM token): shown with a copy button and the
 * warning that it cannot be shown again, until the reader dismisses it.
 */
export function ShownOnce({ label, secret, onDismiss }: { label: string; secret: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className="panel shown-once" aria-label={label}>
      <h2>{label}</h2>
      <p>Copy it now: it is shown only this once and cannot be read again.</p>
      <p>
        <code className="secret" aria-label={`${label} value`}>
          {secret}
        </code>
      </p>
      <div className="actions">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" onClick={onDismiss}>
          Done
        </button>
        {copied && (
          <span role="status">
            {copied === 'copied' ? 'Copied' : 'The browser refused the clipboard: select the value and copy it'}
          </span>
        )}
      </div>
    </section>
  );
}
