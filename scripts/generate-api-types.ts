import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';
import { offlineApiDocument } from './lib/api-document.js';
import { API_TYPES_FILE, renderApiTypes } from './lib/api-types.js';
import { parseCommandLine } from './lib/command-line.js';

parseCommandLine(
  [
    'Usage: npm run web:api-types',
    `  regenerates ${API_TYPES_FILE}, the console's types of every API route, from the OpenAPI description`,
  ].join('\n'),
  {},
);

const target = path.join(projectRoot(), API_TYPES_FILE);
await writeFile(target, await renderApiTypes(await offlineApiDocument()));
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
