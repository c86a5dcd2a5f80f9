export function InboxPage() {
  return <h1>Inbox</h1>;
}
