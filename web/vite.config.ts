import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

// The console is built into dist/web, which the API process serves at `/`.
export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [precompress()],
  build: { outDir: path.join(webRoot, '..', 'dist', 'web'), emptyOutDir: true },
});
