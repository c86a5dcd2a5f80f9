import { tsImport } from 'tsx/esm/api';

// jest loads global setup outside its module system (no transform, no module mapping), so the
// TypeScript that starts the stack is loaded through tsx.
export default async function globalSetup() {
  const { startStack } = await tsImport('./start-stack.ts', import.meta.url);
  await startStack();
}
