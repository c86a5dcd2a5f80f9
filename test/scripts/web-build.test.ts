import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { isWebBuildOutdated } from '../../scripts/local/web-build.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'flowgate-web-build-'));
  await mkdir(path.join(root, 'web', 'src', 'pages'), { recursive: true });
  await writeFile(path.join(root, 'web', 'index.html'), '<div id="root"></div>');
  await writeFile(path.join(root, 'web', 'src', 'pages', 'InboxPage.tsx'), 'export {}');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function touch(file: string, secondsAgo: number) {
  const when = new Date(Date.now() - secondsAgo * 1000);
  await utimes(path.join(root, file), when, when);
}

async function build(secondsAgo: number) {
  await mkdir(path.join(root, 'dist', 'web'), { recursive: true });
  await writeFile(path.join(root, 'dist', 'web', 'index.html'), '<script src="/assets/index-1.js"></script>');
  await touch('dist/web/index.html', secondsAgo);
}

describe('whether npm start and the test setup build the console first', () => {
  it('builds when dist/web is missing (a fresh clone)', async () => {
    expect(await isWebBuildOutdated(root)).toBe(true);
  });

  it('does not build when the build is newer than every file in web/', async () => {
    await touch('web/index.html', 60);
    await touch('web/src/pages/InboxPage.tsx', 60);
    await build(10);
    expect(await isWebBuildOutdated(root)).toBe(false);
  });

  it('builds when any file in web/, however deep, changed after the build', async () => {
    await touch('web/index.html', 60);
    await build(30);
    await touch('web/src/pages/InboxPage.tsx', 5);
    expect(await isWebBuildOutdated(root)).toBe(true);
  });
});
