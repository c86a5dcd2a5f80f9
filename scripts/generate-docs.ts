import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';
import { renderStepTypesMarkdown } from '../src/domain/step-types-doc.js';
import { renderPermissionsMarkdown } from '../src/permissions/permissions-doc.js';
import { parseCommandLine } from './lib/command-line.js';

const GENERATED_DOCS = {
  'permissions.md': renderPermissionsMarkdown,
  'step-types.md': renderStepTypesMarkdown,
} as const;
parseCommandLine(
  [
    'Usage: npm run docs:generate',
    `  regenerates the reference pages derived from code: ${Object.keys(GENERATED_DOCS)
      .map((file) => `docs/${file}`)
      .join(', ')}`,
  ].join('\n'),
  {},
);

for (const [file, render] of Object.entries(GENERATED_DOCS)) {
  const target = path.join(projectRoot(), 'docs', file);
  await writeFile(target, render());
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
