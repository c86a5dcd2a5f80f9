/** "Saved", announced, once a form's changes are stored; nothing before. */
export function SavedNotice({ saved }: { saved: boolean }) {
  return (
    <span role="status" className="saved">
      {saved ? 'Saved' : ''}
    </span>
  );
}
