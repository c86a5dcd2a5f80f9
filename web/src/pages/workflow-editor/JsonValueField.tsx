import { useEffect, useState } from 'react';

/**
 * A value of any shape edited as JSON. Text that does not parse is kept as the value, as typed,
 * so the validator's finding about it shows on the field instead of the edit being lost.
 */
export function JsonValueField({
  id,
  value,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  value: unknown;
  describedBy?: string;
  invalid?: boolean;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(() => textOf(value));
  // A change from elsewhere (the JSON view, a reload) replaces the text; one made here does not.
  useEffect(() => {
    setText((current) => (sameValue(parseLoosely(current), value) ? current : textOf(value)));
  }, [value]);
  return (
    <textarea
      id={id}
      rows={3}
      className="json-field"
      spellCheck={false}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim() === '' ? undefined : parseLoosely(event.target.value));
      }}
    />
  );
}

function textOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function parseLoosely(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
