export function WorkflowPage() {
  return <h1>Workflow</h1>;
}
