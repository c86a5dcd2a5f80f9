/** A status word with a colour class of its own (pages.css); the word itself carries the meaning. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status}`}>{status.replace(/_/g, ' ')}</span>;
}
