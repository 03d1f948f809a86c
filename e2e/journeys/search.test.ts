import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../browser';

// The header search (issue 27, docs/decisions/0034-search.md): Ctrl+K or "/", results as one
// types, grouped by kind, arrows and Enter; staff and businesses only.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('the header search', () => {
  it('staff press Ctrl+K, type part of an RFC and land on the business', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'super@far.mx');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('header-search').waitFor();
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Buscar en el portal' });
    await dialog.waitFor();
    const input = dialog.getByRole('combobox', { name: 'Buscar' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Lucía Hernández Vega's RFC is HEVL850214QX9: its start, in lower case.
    await input.fill('hevl8502');
    const hit = dialog.getByRole('option', { name: /Lucía Hernández Vega/ });
    await hit.waitFor();
    await expect.poll(() => dialog.getByRole('group', { name: 'Empresas' }).isVisible()).toBe(true);
    await expect.poll(() => hit.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe(await hit.getAttribute('id'));
    await screenshot(page, 'search-staff-rfc');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/business\/[0-9a-f-]{36}$/);
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: /Lucía Hernández Vega/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // "/" opens it too; accents are ignored, arrows move between results, Esc closes.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await dialog.waitFor();
    await input.fill('mendez');
    await dialog.getByRole('option', { name: /Carlos Méndez Luna/ }).waitFor();
    await input.fill('zzzz-nadie');
    await expect.poll(() => dialog.getByTestId('search-status').innerText()).toBe('Sin resultados para «zzzz-nadie».');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('a business finds only its own, on a phone', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'negocio@demo.mx');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('header-search').click();
    const dialog = page.getByRole('dialog', { name: 'Buscar en el portal' });
    const input = dialog.getByRole('combobox', { name: 'Buscar' });
    await input.fill('lucia');
    // Her own user (and, when earlier journeys left one, a movement she sent).
    await dialog
      .getByRole('group', { name: 'Usuarios de empresa' })
      .getByRole('option', { name: /Lucía Hernández Vega/ })
      .waitFor();
    await screenshot(page, 'search-business-390');
    // Another business's user is not found.
    await input.fill('comercializadora');
    await expect.poll(() => dialog.getByTestId('search-status').innerText()).toBe('Sin resultados para «comercializadora».');
    await context.close();
  });

  it('a wallet user has no search', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'wallet@demo.mx');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('header-user').waitFor();
    expect(await page.getByTestId('header-search').count()).toBe(0);
    await context.close();
  });
});
