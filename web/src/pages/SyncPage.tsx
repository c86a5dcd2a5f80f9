export function SyncPage() {
  return <h1>Sync</h1>;
}
