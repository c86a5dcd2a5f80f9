import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';

/** Every TypeScript file under the given folders of the project, as paths relative to its root. */
export async function sourceFiles(...folders: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const folder of folders) {
    const entries = await readdir(path.join(projectRoot(), folder), { withFileTypes: true, recursive: true });
    for (const entry of entries)
      if (entry.isFile() && entry.name.endsWith('.ts'))
        files.push(path.relative(projectRoot(), path.join(entry.parentPath, entry.name)));
  }
  return files.filter((file) => !file.startsWith(path.join('src', 'db', 'generated')));
}
