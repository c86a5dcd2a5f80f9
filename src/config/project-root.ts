import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding `prisma/`, found from this file whether it runs from src/ or dist/src/. */
export function projectRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'prisma', 'schema.prisma'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('prisma/schema.prisma not found above ' + import.meta.url);
    directory = parent;
  }
  return directory;
}
