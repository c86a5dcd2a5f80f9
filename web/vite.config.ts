import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

// The console is built into dist/web, which the API process serves at `/`.
export default defineConfig({
  root: webRoot,
  base: '/',
  build: { outDir: path.join(webRoot, '..', 'dist', 'web'), emptyOutDir: true },
});
