import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/config/project-root.js';
import { renderStepTypesMarkdown } from '../../src/domain/step-types-doc.js';
import { STEP_TYPE_NAMES } from '../../src/domain/step-types.js';
import { renderPermissionsMarkdown } from '../../src/permissions/permissions-doc.js';

describe('reference pages derived from code match the code (run `npm run docs:generate` after changes)', () => {
  it.each([
    ['permissions.md', renderPermissionsMarkdown],
    ['step-types.md', renderStepTypesMarkdown],
  ])('docs/%s', async (file, render) => {
    expect(await readFile(path.join(projectRoot(), 'docs', file), 'utf8')).toBe(render());
  });

  it('documents every step type with its outcomes', () => {
    const markdown = renderStepTypesMarkdown();
    for (const type of STEP_TYPE_NAMES) expect(markdown).toContain(`## \`${type}\``);
    expect(markdown).toContain('| `approval` | `approved`, `rejected`, `timeout`, `error` |');
  });
});
