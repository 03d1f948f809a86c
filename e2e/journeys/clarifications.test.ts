import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bellCount, bellReady, launch, newPage, sandboxIncomingSpei, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('a business opens a clarification from a movement; staff take it, reply and close it; the business sees the notice arrive live, reads the reply and rates it', async () => {
  // 0. The business has a SPEI received (the demo data has no movements; other journeys may not have run).
  await sandboxIncomingSpei(
    browser,
    { business: 'Comercializadora Demo' },
    { trackingKey: `ACLBUS${String(Date.now()).slice(-10)}`, amount: '1,200.00', concept: 'Pago pedido 512' },
  );

  // 1. The business opens the case from a received SPEI's detail.
  const biz = await newPage(browser);
  await signIn(biz.page, 'empresa@demo.mx');
  await biz.page.waitForURL('**/dashboard');
  await biz.page.getByTestId('side-menu').getByRole('link', { name: 'Saldos y movimientos' }).click();
  await biz.page.waitForURL('**/movement');
  // Other journeys may have added movements without a tracking key (card funding): take the first SPEI one.
  const rows = biz.page.getByRole('row', { name: /^Ver movimiento / });
  await rows.first().waitFor({ timeout: 15_000 });
  let trackingKey = '';
  for (let i = 0; i < 10 && !trackingKey; i += 1) {
    await rows.nth(i).click();
    const key = biz.page.getByTestId('movement-tracking-key');
    if (
      await key.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      trackingKey = (await key.innerText()).trim();
    else await biz.page.keyboard.press('Escape');
  }
  await biz.page.getByTestId('open-clarification').click();
  await biz.page.waitForURL(`**/clarification?tracking=${trackingKey}`);
  await expect.poll(() => biz.page.getByTestId('open-case-tracking').inputValue()).toBe(trackingKey);
  await biz.page.getByTestId('open-case-form').getByLabel('Tipo de aclaración').click();
  await biz.page.getByRole('option', { name: /Transferencia no recibida/ }).click();
  await biz.page.getByTestId('open-case-comment').fill('El cliente dice que envió 200 pesos más de lo que vemos.');
  await screenshot(biz.page, 'clarification-open');
  await biz.page.getByTestId('open-case-submit').click();
  await expect.poll(() => biz.page.getByTestId('case-folio').isVisible(), { timeout: 15_000 }).toBe(true);
  const folio = (await biz.page.getByTestId('case-folio').innerText()).trim();
  expect(folio).toMatch(/^ACL-\d{4}-\d{6}$/);
  await expect.poll(() => biz.page.getByTestId('case-movement').innerText()).toContain('Movimiento en aclaración');
  // The business stays on this page, unreloaded, while staff answer.
  await bellReady(biz.page);
  const unread = await bellCount(biz.page);

  // 2. Staff find it in the queue, take it, reply and close it.
  const staff = await newPage(browser);
  await signIn(staff.page, 'operador@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await staff.page.getByTestId('side-menu').getByRole('link', { name: 'Aclaraciones' }).click();
  await staff.page.waitForURL('**/clarification');
  const caseRow = staff.page.getByRole('row', { name: `Ver aclaración ${folio}` });
  await caseRow.waitFor({ timeout: 15_000 });
  expect(await caseRow.innerText()).toMatch(/Vence en/);
  await screenshot(staff.page, 'clarification-queue');
  await caseRow.click();
  await staff.page.getByTestId('case-take').click();
  await expect.poll(() => staff.page.getByTestId('case-detail').innerText(), { timeout: 15_000 }).toContain('En proceso');
  await expect.poll(() => staff.page.getByTestId('case-movement-entries').isVisible()).toBe(true);
  await staff.page.getByTestId('case-reply').fill('Revisamos con el banco ordenante: el depósito llegó completo.');
  await staff.page.getByTestId('case-reply-send').click();
  await expect.poll(() => staff.page.getByTestId('case-history').innerText(), { timeout: 15_000 }).toContain('el depósito llegó completo');
  // The reply's notice reaches the business's bell live (Server-Sent Events), within 5 s, no reload.
  await expect.poll(() => bellCount(biz.page), { timeout: 5_000, interval: 200 }).toBe(unread + 1);
  await screenshot(biz.page, 'clarification-bell-live');
  await staff.page.getByTestId('case-close-note').fill('Depósito acreditado completo; se envía el comprobante.');
  await screenshot(staff.page, 'clarification-staff-detail');
  await staff.page.getByTestId('case-close').click();
  await expect.poll(() => staff.page.getByTestId('case-detail').innerText(), { timeout: 15_000 }).toContain('Cerrado');
  await staff.context.close();

  // 3. The business reads the reply and rates the case once.
  await biz.page.reload();
  await expect.poll(() => biz.page.getByTestId('case-history').innerText(), { timeout: 15_000 }).toContain('el depósito llegó completo');
  await expect.poll(() => biz.page.getByTestId('case-history').innerText()).toContain('Depósito acreditado completo');
  await biz.page.getByTestId('case-rate').getByText('4', { exact: true }).click();
  await biz.page.getByTestId('case-rate-send').click();
  await expect.poll(() => biz.page.getByTestId('case-detail').innerText(), { timeout: 15_000 }).toContain('4 de 5');
  await expect.poll(() => biz.page.getByTestId('case-rate').count()).toBe(0);
  await screenshot(biz.page, 'clarification-rated');
  await biz.context.close();
}, 180_000);
