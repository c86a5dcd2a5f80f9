import { useState } from 'react';

/**
 * A button for an action that cannot be taken back: the first press says what will happen and
 * asks again; only "Yes, …" acts, and "No" leaves everything as it was.
 */
export function ConfirmedButton({
  label,
  consequence,
  confirmLabel,
  disabled,
  className,
  onConfirm,
}: {
  label: string;
  /** What the action does, said before it is done. */
  consequence: string;
  confirmLabel: string;
  disabled?: boolean;
  className?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={className} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span role="alertdialog" aria-label={label} className="confirm">
      <span>{consequence}</span>{' '}
      <button
        type="button"
        className={className}
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)}>
        No
      </button>
    </span>
  );
}
