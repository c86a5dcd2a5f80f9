import { useEffect, useRef, useState } from 'react';

/**
 * A button for an action that cannot be taken back: the first press says what will happen and
 * asks again; only "Yes, …" acts, and "No" (or Escape) leaves everything as it was.
 *
 * The question replaces the button, so focus is moved by hand: to "No" when it is asked (the
 * safe answer, and the pressed button is gone), back to the button once it is answered.
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
  const opener = useRef<HTMLButtonElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) no.current?.focus();
    else if (answered.current) opener.current?.focus();
    answered.current = false;
  }, [asking]);
  const answer = () => {
    answered.current = true;
    setAsking(false);
  };
  if (!asking)
    return (
      <button ref={opener} type="button" className={className} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span
      role="alertdialog"
      aria-label={label}
      className="confirm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        answer();
      }}
    >
      <span>{consequence}</span>{' '}
      <button
        type="button"
        className={className}
        disabled={disabled}
        onClick={() => {
          answer();
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button ref={no} type="button" onClick={answer}>
        No
      </button>
    </span>
  );
}
