import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeIn, lastMessageTo, launch, newPage, openDemoBusinessAsStaff, screenshot as fullShot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Full-page shots from the top (the app bar is fixed, so a scrolled page would show it mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

/** A CLABE of the sandbox test bank 990 (it settles), with its check digit (weights 3, 7, 1). */
function sandboxClabe(): string {
  const first17 = `990180${String(Date.now()).slice(-11).padStart(11, '0')}`;
  const sum = [...first17].reduce((a, d, i) => a + ((Number(d) * [3, 7, 1][i % 3]!) % 10), 0);
  return first17 + String((10 - (sum % 10)) % 10);
}

/** The newest message to an address that differs from `before` (a fresh security code). */
async function nextMessageTo(to: string, before: string | null): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        body = await lastMessageTo(to)
          .then((m) => m.t_body)
          .catch(() => '');
        return body !== '' && body !== before;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return body;
}

/** Tomorrow in Mexico City as dd/mm/aaaa. */
function tomorrowInMexicoCity(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return `${String(t.getUTCDate()).padStart(2, '0')}/${String(t.getUTCMonth() + 1).padStart(2, '0')}/${t.getUTCFullYear()}`;
}

async function pickOption(page: Page, label: string, search: string, option: RegExp) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

it('the demo business receives a sandbox SPEI, registers an account, sends a transfer that settles and downloads its statement', async () => {
  // 1. Staff send a simulated incoming SPEI to the demo business through the admin screen.
  const staff = await newPage(browser);
  await signIn(staff.page, 'operador@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await expect.poll(() => staff.page.getByTestId('admin-money').isVisible(), { timeout: 15_000 }).toBe(true);
  await screenshot(staff.page, 'money-admin-dashboard');
  await staff.page.getByRole('link', { name: 'Configuración SPEI' }).click();
  await staff.page.waitForURL('**/user/business/spei');
  await expect.poll(() => staff.page.getByTestId('form-global-spei-config').isVisible()).toBe(true);
  await screenshot(staff.page, 'money-spei-config');
  await staff.page.getByRole('tab', { name: 'SPEI sandbox: depósito entrante' }).click();
  await pickOption(staff.page, 'Empresa', 'Comercializadora', /Comercializadora Demo/);
  await expect.poll(() => staff.page.getByLabel('CLABE de la empresa').inputValue()).toMatch(/^646\d{15}$/);
  await staff.page.getByLabel('Nombre del ordenante').fill('Cliente Frecuente SA');
  await staff.page.getByLabel('Monto').fill('1,500.00');
  await staff.page.getByLabel('Concepto').fill('Pago pedido 881');
  await staff.page.getByLabel('Referencia numérica').fill('881');
  await staff.page.getByRole('button', { name: 'Enviar SPEI de prueba' }).click();
  await expect.poll(() => staff.page.getByTestId('sandbox-result').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => staff.page.getByTestId('sandbox-result').innerText()).toContain('SPEI recibido');
  await screenshot(staff.page, 'money-sandbox-incoming');
  await staff.context.close();

  // 2. The business registers a beneficiary account; the bank comes from the CLABE.
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await expect.poll(() => page.getByTestId('business-money').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Alta de cuentas' }).click();
  await page.waitForURL('**/account');
  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const clabe = sandboxClabe();
  const alias = `Proveedor ${clabe.slice(-5)}`;
  await page.getByLabel('Alias').fill(alias);
  await page.getByLabel('Nombre del titular').fill('Papeleria del Centro SA');
  await page.getByLabel('CLABE', { exact: true }).fill(clabe);
  await expect.poll(() => page.getByTestId('clabe-institution').inputValue()).toBe('SANDBOX LIQUIDA');
  await page.getByLabel('Límite diario de transferencias').fill('10000');
  await screenshot(page, 'money-account-form');
  await page.getByRole('button', { name: 'Registrar cuenta' }).click();
  // The rail's holder check: the sandbox names another holder, so the business confirms it.
  await expect.poll(() => page.getByTestId('confirm-holder').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByTestId('form-clabe-account-create').innerText()).toMatch(/El titular de la CLABE es/);
  await page.getByLabel('Confirmar titular').check();
  await page.getByRole('button', { name: 'Registrar cuenta' }).click();
  await expect.poll(() => page.getByTestId('clabe-accounts-table').innerText()).toContain(alias);
  await screenshot(page, 'money-accounts');

  // 3. A transfer to it: preview of values and commissions, the code from the mailbox, the tracking key.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Transferencias y dispersiones' }).click();
  await page.waitForURL('**/dispersal/transfer');
  await pickOption(page, 'Cuenta registrada', alias, new RegExp(alias));
  await page.getByLabel('Monto').fill('250.00');
  await page.getByLabel('Concepto').fill('Pago factura 123');
  await page.getByLabel('Referencia numérica').fill('4567');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect.poll(() => page.getByTestId('value-preview').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByTestId('preview-amount').innerText()).toContain('$250.00');
  await screenshot(page, 'money-transfer-preview');
  const before = await lastMessageTo('empresa@demo.mx')
    .then((m) => m.t_body)
    .catch(() => null);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const code = codeIn(await nextMessageTo('empresa@demo.mx', before));
  await page.getByLabel('Código de seguridad').fill(code);
  await page.getByRole('button', { name: 'Confirmar transferencia' }).click();
  await expect.poll(() => page.getByTestId('transfer-result').isVisible(), { timeout: 15_000 }).toBe(true);
  const trackingKey = await page.getByTestId('tracking-key').innerText();
  expect(trackingKey).toMatch(/^[A-Z0-9]{1,29}$/);

  // 4. It settles (the sandbox rail answers after its delay) and the status follows by itself.
  await expect.poll(() => page.getByTestId('transfer-status').innerText(), { timeout: 30_000 }).toMatch(/Liquidada/i);
  await screenshot(page, 'money-transfer-settled');

  // 5. A transfer scheduled for tomorrow stays pending and can be cancelled (with confirmation).
  await page.getByRole('button', { name: 'Nueva transferencia' }).click();
  await pickOption(page, 'Cuenta registrada', alias, new RegExp(alias));
  await page.getByLabel('Monto').fill('100');
  await page.getByLabel('Concepto').fill('Anticipo servicio');
  await page.getByLabel('Referencia numérica').fill('77');
  await page.getByLabel('Fecha de envío').fill(tomorrowInMexicoCity());
  await page.getByLabel('Fecha de envío').press('Tab');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect.poll(() => page.getByTestId('value-preview').isVisible(), { timeout: 15_000 }).toBe(true);
  const previous = await lastMessageTo('empresa@demo.mx').then((m) => m.t_body);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código de seguridad').fill(codeIn(await nextMessageTo('empresa@demo.mx', previous)));
  await page.getByRole('button', { name: 'Confirmar transferencia' }).click();
  await expect.poll(() => page.getByTestId('transfer-result').innerText(), { timeout: 15_000 }).toContain('Se enviará el');
  const scheduledKey = await page.getByTestId('tracking-key').innerText();
  const pending = page.getByTestId('pending-transactions');
  await expect.poll(() => pending.innerText(), { timeout: 15_000 }).toContain(scheduledKey);
  await screenshot(page, 'money-transfer-scheduled');
  await pending.getByRole('button', { name: `Cancelar transferencia ${scheduledKey}` }).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(() => pending.innerText(), { timeout: 15_000 }).not.toContain(scheduledKey);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Saldos y movimientos' }).click();
  await page.waitForURL('**/movement');
  await expect.poll(() => page.getByTestId('movements-table').innerText(), { timeout: 15_000 }).toContain(trackingKey);
  await screenshot(page, 'money-movements');

  // 6. The month's statement as a PDF.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Estado de cuenta' }).click();
  await page.waitForURL('**/account/status');
  await expect.poll(() => page.getByTestId('statement-summary').innerText(), { timeout: 15_000 }).toContain(trackingKey);
  await screenshot(page, 'money-statement');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
  // «Ver PDF» shows it in place: the page may frame the file (a blob:), the CSP lets it.
  const blocked: string[] = [];
  page.on('console', (m) => void (/Content Security Policy/.test(m.text()) && blocked.push(m.text())));
  await page.getByRole('button', { name: 'Ver PDF' }).click();
  const preview = page.getByRole('dialog').locator('iframe[title="Estado de cuenta (PDF)"]');
  await expect.poll(() => preview.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
  await expect.poll(() => preview.contentFrame().locator('body').count(), { timeout: 15_000 }).toBe(1);
  await screenshot(page, 'money-statement-preview');
  expect(blocked).toEqual([]);
  await context.close();
});

it('staff see which commission applies to a business and from where, give it its own SPEI-in commission and go back to the global one', async () => {
  const { context, page } = await openDemoBusinessAsStaff(browser);
  await page.getByRole('tab', { name: 'Configuración SPEI y límites' }).click();
  const form = page.getByTestId('form-business-spei-config');
  const effective = page.getByTestId('effective-spei-config');
  const speiIn = effective.getByTestId('effective-SPEI recibido');
  await expect.poll(() => speiIn.innerText(), { timeout: 15_000 }).toMatch(/Global/);

  // Without its own configuration the commissions show the global values and cannot be typed.
  const switchOwn = form.getByRole('switch', { name: 'Usar configuración propia' });
  if (await switchOwn.isChecked()) {
    await switchOwn.click({ force: true });
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect.poll(() => speiIn.innerText()).toMatch(/Global/);
  }
  const commissionIn = form.getByLabel('Comisión por SPEI recibido');
  expect(await commissionIn.getAttribute('readonly')).not.toBeNull();
  expect(await form.innerText()).toContain('Sin configuración propia se cobran las comisiones globales');
  await screenshot(page, 'spei-settings-global');

  // Its own configuration: 2 % on incoming SPEI, applied and shown as the business's.
  await switchOwn.click({ force: true });
  expect(await commissionIn.getAttribute('readonly')).toBeNull();
  await commissionIn.fill('2');
  await form.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect.poll(() => speiIn.innerText(), { timeout: 15_000 }).toMatch(/2 % \+ IVA[\s\S]*De la empresa/);
  expect(await effective.getByTestId('effective-SPEI enviado').innerText()).toMatch(/De la empresa/);
  await screenshot(page, 'spei-settings-own');

  // Back to the global configuration: the global values apply again.
  await switchOwn.click({ force: true });
  await form.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect.poll(() => speiIn.innerText(), { timeout: 15_000 }).toMatch(/Global/);
  expect(await speiIn.innerText()).not.toMatch(/^SPEI recibido\s+2 %/);
  await context.close();
});
