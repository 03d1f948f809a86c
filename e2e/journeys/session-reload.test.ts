import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('reloads and new tabs stay signed in with no token in JavaScript storage; sign-out ends them', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');

  // An office worker reloading again and again: more than the sign-in limit would allow.
  for (let i = 0; i < 25; i++) {
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
  }
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'far_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/account/Token/Refresh' });
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie);
  const refresh = cookies.find((c) => c.name === 'far_refresh')!.value;
  expect(stored).not.toContain(refresh);
  expect(stored).not.toContain(refresh.split('.')[1]!);

  // A new tab of the same browser.
  const tab = await context.newPage();
  await tab.goto('/dashboard');
  await tab.getByTestId('side-menu').waitFor();
  expect(new URL(tab.url()).pathname).toBe('/dashboard');

  await tab.getByTestId('header-logout').click();
  await tab.waitForURL('**/login');
  const after = await context.newPage();
  await after.goto('/dashboard');
  await after.waitForURL('**/login');
  await context.close();
});
