export function RunPage() {
  return <h1>Run</h1>;
}
