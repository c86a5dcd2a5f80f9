import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { createDatabase, Prisma } from '../../src/db/client.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { createSignInLink } from '../../src/services/sign-in-links.js';
import { spawnServiceProcess } from '../local/service-process.js';
import { buildWeb, webBuildDir } from '../local/web-build.js';
import { stopProcess } from './processes.js';
import { apiCaller, benchEnvironment, withBenchStack } from './stack.js';

/**
 * Cold loads of each console page in headless Chromium: a fresh browser context each time (no
 * cache), signed in by its session cookie. The yardstick of a page is its own content as static
 * HTML (what the console showed, scripts removed, the same style sheet), served by the same API
 * from the console's folder with the same Brotli copy, and loaded the same way right after it.
 */

/** The goals of issue 46. */
export const CONSOLE_GOALS = { fcpMs: 500, firstPageJsKiB: 300 };

const brotli = promisify(brotliCompress);
/** Where the yardstick pages go while the benchmark runs: inside the console's folder, so the API serves them. */
const YARDSTICK_DIR = 'bench-yardstick';

interface Load {
  fcpMs: number;
  /** When the page's heading (`main h1`) was there, from the start of the navigation. */
  headingMs: number;
  /** Everything transferred (headers included), and the JavaScript's encoded bodies. */
  transferredKiB: number;
  javaScriptKiB: number;
  requests: number;
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** Loads `url` in a fresh context and answers its figures and, when asked, its HTML as shown. */
async function coldLoad(browser: Browser, state: BrowserContextOptions['storageState'], url: string) {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // In the page (strings: this project's scripts are type-checked without the DOM's types).
    await page.waitForSelector('main h1', { state: 'attached' });
    const headingMs = (await page.evaluate('performance.now()')) as number;
    await page.waitForLoadState('networkidle');
    const figures = (await page.evaluate(`(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      const resources = performance.getEntriesByType('resource');
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcpMs: fcp ? fcp.startTime : NaN,
        transferred: (navigation?.transferSize ?? 0) + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
        javaScript: resources
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        requests: resources.length + 1,
      };
    })()`)) as { fcpMs: number; transferred: number; javaScript: number; requests: number };
    const load: Load = {
      fcpMs: Math.round(figures.fcpMs),
      headingMs: Math.round(headingMs),
      transferredKiB: kib(figures.transferred),
      javaScriptKiB: kib(figures.javaScript),
      requests: figures.requests,
    };
    // The page as shown, without its scripts: the yardstick's document.
    const html = (await page.evaluate(`(() => {
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll('script, link[rel="modulepreload"]').forEach((element) => element.remove());
      return '<!doctype html>\\n' + copy.outerHTML;
    })()`)) as string;
    return { load, html };
  } finally {
    await context.close();
  }
}

/** One run with a few steps and a pending approval, by SQL, so the run pages show something. */
async function seedRun(databaseUrl: string, definitionId: string, userId: string): Promise<string> {
  const db = createDatabase(databaseUrl);
  try {
    const steps = Array.from({ length: 5 }, (_, index) => ({
      id: `s${index}`,
      name: `s${index}`,
      type: 'notification',
    }));
    const [run] = await db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
      INSERT INTO workflow_runs (id, definition_id, definition_name, definition_version, definition_snapshot,
        status, variables, started_by, temporal_workflow_id, started_at, updated_at)
      VALUES (gen_random_uuid(), ${definitionId}::uuid, 'Bench', 1, ${JSON.stringify({ steps })}::jsonb,
        'waiting', '{"amount": 5}'::jsonb, ${userId}::uuid, 'bench-run', now(), now())
      RETURNING id`);
    await db.$executeRaw(Prisma.sql`
      INSERT INTO run_steps (id, run_id, sequence, attempt, step_id, step_name, step_type, status, outcome, started_at, completed_at)
      SELECT gen_random_uuid(), ${run!.id}::uuid, s, 1, 's' || s, 's' || s, 'notification', 'completed', 'success', now(), now()
      FROM generate_series(1, 4) AS s`);
    await db.$executeRaw(Prisma.sql`
      INSERT INTO approvals (id, run_id, sequence, step_id, step_name, status, approver_user_ids, approver_roles,
        required_approvals, mode, created_at)
      VALUES (gen_random_uuid(), ${run!.id}::uuid, 5, 's4', 's4', 'pending', ARRAY[${userId}], ARRAY[]::text[], 1, 'any', now())`);
    return run!.id;
  } finally {
    await db.$disconnect();
  }
}

export async function benchConsole(log: (line: string) => void = () => undefined) {
  // Always a fresh build, so the figures are of the console as it is now.
  await buildWeb(log);
  const yardstickDir = path.join(webBuildDir(), YARDSTICK_DIR);
  return withBenchStack(log, async (stack) => {
    const databaseUrl = await stack.database('console');
    const env = await benchEnvironment(stack, databaseUrl);
    const baseUrl = `http://${env.HOST}:${env.PORT}`;
    // Development mode (no identity provider): signed in by a one-time link, no session polling.
    const apiProcess = await spawnServiceProcess('api', { ...env, PUBLIC_URL: baseUrl }).ready;
    const db = createDatabase(databaseUrl);
    // Debian's chromium (or CHROMIUM_PATH), launched as the browser tests do (test/support/chromium.ts).
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      const { token, userId, email } = await createAdminToken(db, 'bench@localhost', 'bench');
      const call = apiCaller(baseUrl, token);
      const workflow = await call('POST', '/api/workflows', {
        name: 'Bench',
        steps: [
          { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
          { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
        ],
      });
      const connector = await call('POST', '/api/connectors', { name: 'bench-delay', type: 'delay' });
      const runId = await seedRun(databaseUrl, workflow.id, userId);

      const link = await createSignInLink(db, { email, publicUrl: baseUrl });
      const signIn = await browser.newContext();
      const signInPage = await signIn.newPage();
      await signInPage.goto(link.url);
      await signInPage.waitForURL(`${baseUrl}/`);
      const state = await signIn.storageState();
      await signIn.close();

      const pages: Array<[name: string, pathname: string]> = [
        ['inbox', '/'],
        ['runs', '/runs'],
        ['a run', `/runs/${runId}`],
        ['workflows', '/workflows'],
        ['a workflow', `/workflows/${workflow.id}`],
        ['new workflow', '/workflows/new'],
        ['workflow editor', `/workflows/${workflow.id}/edit`],
        ['connectors', '/connectors'],
        ['new connector', '/connectors/new'],
        ['a connector', `/connectors/${connector.id}`],
        ['sync', '/sync'],
        ['pending work', '/approvals'],
        ['admin', '/admin'],
        ['users', '/users'],
        ['groups', '/groups'],
        ['organizations', '/organizations'],
        ['projects', '/projects'],
        ['business roles', '/roles'],
        ['entitlements', '/entitlements'],
        ['schedules', '/schedules'],
        ['templates', '/templates'],
        ['API tokens', '/tokens'],
        ['SCIM clients', '/scim-clients'],
        ['transfer', '/transfer'],
        ['audit log', '/audit'],
        ['reports', '/reports'],
      ];
      await mkdir(yardstickDir, { recursive: true });
      // One load not counted: the API's first answers compile its code, Chromium's first page warms it.
      await coldLoad(browser, state, `${baseUrl}/`);
      const measured = [];
      for (const [index, [name, pathname]] of pages.entries()) {
        log(`cold load of ${name} (${pathname}) and of its static HTML`);
        const { load: loaded, html } = await coldLoad(browser, state, baseUrl + pathname);
        const file = path.join(yardstickDir, `${index}.html`);
        await writeFile(file, html);
        await writeFile(`${file}.br`, await brotli(html));
        const { load: yardstick } = await coldLoad(browser, state, `${baseUrl}/${YARDSTICK_DIR}/${index}.html`);
        measured.push({
          name,
          pathname,
          console: loaded,
          yardstick,
          fcpToYardstick: Number((loaded.fcpMs / yardstick.fcpMs).toFixed(1)),
          fcpGoalMet: loaded.fcpMs < CONSOLE_GOALS.fcpMs,
        });
      }
      const firstPage = measured[0]!.console;
      return {
        benchmark: 'console pages, cold loads in headless Chromium against the same page as static HTML',
        goals: CONSOLE_GOALS,
        pages: measured,
        firstPageJavaScriptKiB: firstPage.javaScriptKiB,
        firstPageJsGoalMet: firstPage.javaScriptKiB < CONSOLE_GOALS.firstPageJsKiB,
      };
    } finally {
      await browser.close();
      await db.$disconnect();
      await stopProcess(apiProcess);
      await rm(yardstickDir, { recursive: true, force: true });
    }
  });
}
