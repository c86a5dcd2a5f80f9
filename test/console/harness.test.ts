import { describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';

const stack = useConsoleStack();
const chromium = useChromium();

describe('the browser harness', () => {
  it('signs in through the provider and lands on the console page asked for', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['approver'], '/runs');
    expect(new URL(page.url()).pathname).toBe('/runs');
    expect(user.roles).toEqual(['approver']);
    await screenshot(page, 'harness');
    await page.context().close();
  });
});
