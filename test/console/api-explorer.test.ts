import { describe, expect, it } from '@jest/globals';
import { PAGE_CSP } from '../../src/api/page-policy.js';
import { useTestApp } from '../support/app.js';
import { newPage, screenshot, useChromium } from '../support/chromium.js';

const context = useTestApp();
const chromium = useChromium();

describe('the API explorer at /api/docs in a browser', () => {
  it('works under the strict page CSP: renders the operations and sends a request from this origin only', async () => {
    const page = await newPage(chromium.browser);
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (event) => console.error('CSP violation: ' + event.effectiveDirective))",
    );

    const response = await page.goto(`${context.api.baseUrl}/api/docs`);
    expect(response!.headers()['content-security-policy']).toBe(PAGE_CSP);
    const health = page.locator('.opblock').filter({ hasText: '/api/health' }).first();
    await health.waitFor();
    // The filter box narrows the list to one tag, and every operation of that tag is shown.
    const { paths } = (await context.api.request('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const runOperations = Object.values(paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.tags.includes('Runs'));
    await page.locator('input.operation-filter-input').fill('Runs');
    await page
      .locator('.opblock')
      .nth(runOperations.length - 1)
      .waitFor();
    expect(await page.locator('.opblock-tag').allTextContents()).toEqual([expect.stringContaining('Runs')]);
    expect(await page.locator('.opblock').count()).toBe(runOperations.length);
    await page.locator('input.operation-filter-input').fill('');
    // "Try it out" is a fetch to this origin, which connect-src 'self' allows.
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await health.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).waitFor();
    await screenshot(page, 'api-explorer');

    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${context.api.baseUrl}/`))).toEqual([]);
    await page.context().close();
  });

  it('blocks a script injected into the page', async () => {
    const page = await newPage(chromium.browser);
    await page.goto(`${context.api.baseUrl}/api/docs`);
    await page.locator('.opblock').first().waitFor();
    // What an injected inline script would be: the policy stops it before it runs.
    const violated = await page.evaluate(`new Promise((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective));
      setTimeout(() => resolve('no violation'), 5000);
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    })`);
    expect(violated).toBe('script-src-elem');
    expect(await page.evaluate("'injected' in window")).toBe(false);
    await page.context().close();
  });
});
