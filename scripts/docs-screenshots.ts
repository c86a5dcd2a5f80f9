import { spawn } from 'node:child_process';
import { copyFile, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';
import { parseCommandLine } from './lib/command-line.js';

const usage = [
  'Usage: npm run docs:screenshots [-- --no-tests]',
  '  runs the console browser tests (npm test -- test/console), then copies every image',
  '  docs/console.md shows from test-results/console/ into docs/console/',
  '  --no-tests  copy what earlier test runs left in test-results/console/, without running tests',
  '              (after running some of test/console/ yourself, say)',
  'Exits 1 when the tests fail or an image docs/console.md shows was not produced.',
].join('\n');

const { values } = parseCommandLine(usage, {
  options: { 'no-tests': { type: 'boolean', default: false } },
});

const root = projectRoot();
const results = path.join(root, 'test-results', 'console');
const docs = path.join(root, 'docs', 'console');

/** The images docs/console.md shows, by name (`![…](console/<name>.png)`). */
async function referencedImages(): Promise<string[]> {
  const markdown = await readFile(path.join(root, 'docs', 'console.md'), 'utf8');
  return [...new Set([...markdown.matchAll(/\]\(console\/([^)\s]+\.png)\)/g)].map((match) => match[1] ?? ''))];
}

/** `npm test -- test/console`, its output shown as it goes; answers its exit status. */
function runConsoleTests(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['test', '--', 'test/console'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** When the file was last written, or undefined when there is none. */
async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const started = Date.now();
let testsFailed = false;
if (!values['no-tests']) {
  testsFailed = (await runConsoleTests()) !== 0;
}

// A screenshot is written only once the test's checks before it passed, so even a failed run's
// images show a checked state; an image older than this run was not produced by it.
const missing: string[] = [];
const images = await referencedImages();
for (const image of images) {
  const from = path.join(results, image);
  const written = await modifiedAt(from);
  if (written === undefined || (!values['no-tests'] && written < started)) {
    missing.push(image);
    continue;
  }
  await copyFile(from, path.join(docs, image));
}
console.log(`Copied ${images.length - missing.length} of ${images.length} images into docs/console/`);
if (missing.length > 0) {
  console.error(
    `Not produced by the tests (test-results/console/): ${missing.join(', ')}; ` +
      'each needs a screenshot(page, name) in a test under test/console/',
  );
}
if (testsFailed) console.error('The console tests failed: see their output above.');
process.exit(testsFailed || missing.length > 0 ? 1 : 0);
