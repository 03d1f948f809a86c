/**
 * Dispersions in Chromium: the template, a file with two bad rows (both errors at once), the fixed
 * file's preview, the code from the mailbox, rows settling and one coming back, its re-send, and a
 * dispersion scheduled for tomorrow that is removed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClabe, sandboxAccountHolder } from '@far/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, checkA11y, lastSecurityCode, launch, newPage, nextSecurityCode, screenshot as fullShot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

/** A sandbox CLABE and the holder its penny test answers (so the names match). */
function payee(bank: '990' | '991', n: number) {
  const clabe = buildClabe(bank, '180', String(n).padStart(11, '0'));
  const h = sandboxAccountHolder(clabe);
  return { clabe, name: h.exists ? h.name : '' };
}

/** Staff credit the demo business (an API call: the deposit screen is another journey's). */
async function fund(amount: string) {
  const signin = await fetch(`${baseUrl()}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'operador@far.mx', Password: DEMO_PASSWORD }),
  });
  const token = ((await signin.json()) as { data: { AccessToken: string } }).data.AccessToken;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await fetch(`${baseUrl()}/api/v1/profiles/business/query/list`, { method: 'POST', headers: auth, body: JSON.stringify({ Page: 1, Size: 50 }) });
  const businesses = ((await list.json()) as { data: { Records: Array<{ Id: string; Name: string }> } }).data.Records;
  const demo = businesses.find((b) => /Comercializadora Demo/.test(b.Name))!;
  const res = await fetch(`${baseUrl()}/api/v1/transaction/business/${demo.Id}/deposit`, {
    method: 'POST',
    headers: { ...auth, 'idempotency-key': `e2e-${Date.now()}` },
    body: JSON.stringify({ Amount: amount }),
  });
  expect(res.status).toBe(200);
}

/** Mantine's FileInput keeps its <input type=file> beside the button people see. */
const upload = (page: Page, file: string) => page.getByTestId('dispersion-upload').locator('input[type=file]').setInputFiles(file);

const A = payee('990', 101);
const B = payee('990', 102);
const R = payee('991', 103);
const FIX = payee('990', 104);
const HEADER = 'Nombre del beneficiario,CLABE,Monto,Concepto,Referencia numérica';

it('a business pays three people from a file, follows each row, re-sends the returned one and schedules another for tomorrow', async () => {
  await fund('20000.00');
  const dir = mkdtempSync(join(tmpdir(), 'far-disp-'));
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.goto(`${baseUrl()}/dispersal/transfer?tab=dispersions`);
  await expect.poll(() => page.getByTestId('dispersions-tab').isVisible(), { timeout: 15_000 }).toBe(true);

  // 1. The template downloads.
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Plantilla CSV' }).click()]);
  expect(template.suggestedFilename()).toBe('plantilla-dispersion.csv');
  expect(readFileSync(await template.path()).toString('utf8')).toContain('Nombre del beneficiario');

  // 2. A file with two bad rows: both errors at once.
  const bad = join(dir, 'nomina.csv');
  writeFileSync(
    bad,
    [HEADER, `${A.name},${A.clabe},1500.005,Nomina,1`, `${B.name},${B.clabe.slice(0, 17)}0,1200.00,Nomina,2`, `${R.name},${R.clabe},800.00,Nomina,3`].join(
      '\r\n',
    ),
  );
  await upload(page, bad);
  const errors = page.getByTestId('dispersion-errors');
  await expect.poll(() => errors.isVisible(), { timeout: 15_000 }).toBe(true);
  const errorText = await errors.innerText();
  expect(errorText).toContain('El archivo tiene 2 errores');
  expect(errorText).toContain('El monto admite como máximo dos decimales');
  expect(errorText).toMatch(/CLABE/);
  await screenshot(page, 'dispersions-errors');

  // 3a. Rows whose named holder differs from the account's: «Confirmar todos» confirms every one of them.
  const [other1, other2] = [payee('990', 105), payee('990', 106)];
  const strangers = join(dir, 'titulares.csv');
  writeFileSync(
    strangers,
    [HEADER, `Persona Equivocada,${other1.clabe},100.00,Nomina,1`, `Otra Persona Equivocada,${other2.clabe},200.00,Nomina,2`].join('\r\n'),
  );
  await upload(page, strangers);
  const previewRows = page.getByTestId('dispersion-preview-rows');
  const holderBoxes = previewRows.getByRole('checkbox', { name: 'Confirmo pagar a este titular' });
  await expect.poll(() => holderBoxes.count(), { timeout: 15_000 }).toBe(2);
  await expect.poll(() => page.getByText('2 filas tienen un titular distinto al indicado', { exact: false }).isVisible()).toBe(true);
  for (const box of await holderBoxes.all()) expect(await box.isChecked()).toBe(false);
  await page.getByRole('button', { name: 'Confirmar todos' }).click();
  for (const box of await holderBoxes.all()) await expect.poll(() => box.isChecked()).toBe(true);
  expect(await page.getByText('titular distinto al indicado', { exact: false }).count()).toBe(0);
  await screenshot(page, 'dispersions-holders-confirmed');

  // 3. The fixed file and its preview.
  const good = join(dir, 'nomina-corregida.csv');
  writeFileSync(
    good,
    [HEADER, `${A.name},${A.clabe},1500.00,Nomina,1`, `${B.name},${B.clabe},1200.00,Nomina,2`, `${R.name},${R.clabe},800.00,Nomina,3`].join('\r\n'),
  );
  await upload(page, good);
  const preview = page.getByTestId('dispersion-preview');
  await expect.poll(() => preview.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await preview.innerText()).toContain('$3,500.00');
  await screenshot(page, 'dispersions-preview');

  // 4. The code from the mailbox.
  const before = await lastSecurityCode('empresa@demo.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código de seguridad').fill(await nextSecurityCode('empresa@demo.mx', before));
  await page.getByRole('button', { name: 'Confirmar dispersión' }).click();
  await expect.poll(() => page.getByTestId('dispersion-done').isVisible(), { timeout: 20_000 }).toBe(true);

  // 5. The rows settle and one comes back.
  await page.getByRole('link', { name: 'Ver el detalle' }).click();
  await page.waitForURL('**/dispersal/history?id=*');
  const detail = page.getByTestId('dispersion-detail');
  await expect.poll(() => detail.innerText(), { timeout: 40_000 }).toContain('Completada parcialmente');
  const rows = page.getByTestId('dispersion-rows');
  await expect.poll(() => rows.innerText(), { timeout: 15_000 }).toContain('Devuelta');
  expect((await rows.innerText()).match(/Liquidada/g)).toHaveLength(2);
  await screenshot(page, 'dispersions-detail');

  // 6. Re-send the returned row, corrected on the screen.
  await page.getByRole('button', { name: 'Reenviar fallidas' }).click();
  await page.waitForURL('**/dispersal/transfer?**');
  await expect.poll(() => page.getByTestId('rows-editor').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel('Nombre del beneficiario, fila 1').fill(FIX.name);
  await page.getByLabel('CLABE, fila 1').fill(FIX.clabe);
  await page.getByRole('button', { name: 'Validar filas' }).click();
  await expect.poll(() => page.getByTestId('dispersion-preview').innerText(), { timeout: 15_000 }).toContain('$800.00');
  const prev2 = await lastSecurityCode('empresa@demo.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código de seguridad').fill(await nextSecurityCode('empresa@demo.mx', prev2));
  await page.getByRole('button', { name: 'Confirmar dispersión' }).click();
  await expect.poll(() => page.getByTestId('dispersion-done').isVisible(), { timeout: 20_000 }).toBe(true);

  // 7. Another one for tomorrow, then removed from the program.
  await upload(page, good);
  await expect.poll(() => page.getByTestId('dispersion-preview').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByText('Programar', { exact: true }).click();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  await page
    .getByLabel('Fecha de pago')
    .fill(`${String(t.getUTCDate()).padStart(2, '0')}/${String(t.getUTCMonth() + 1).padStart(2, '0')}/${t.getUTCFullYear()}`);
  await page.getByLabel('Fecha de pago').press('Tab');
  const prev3 = await lastSecurityCode('empresa@demo.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código de seguridad').fill(await nextSecurityCode('empresa@demo.mx', prev3));
  await page.getByRole('button', { name: 'Programar dispersión' }).click();
  await expect.poll(() => page.getByTestId('dispersion-done').innerText(), { timeout: 20_000 }).toContain('Programada');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Dispersiones programadas' }).click();
  await page.waitForURL('**/dispersal/program');
  const pending = page.getByTestId('pending-dispersions');
  await expect.poll(() => pending.innerText(), { timeout: 15_000 }).toContain('nomina-corregida.csv');
  await screenshot(page, 'dispersions-program');
  // 8. Still pending, it can be edited: another concept and the day after, shown as dd/mm/aaaa.
  await pending.getByRole('button', { name: 'Editar la dispersión nomina-corregida.csv' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar nomina-corregida.csv' });
  await edit.waitFor();
  await checkA11y(page, 'dispersions-edit-dialog');
  const later = new Date(Date.UTC(y, m - 1, d + 2));
  const laterText = `${String(later.getUTCDate()).padStart(2, '0')}/${String(later.getUTCMonth() + 1).padStart(2, '0')}/${later.getUTCFullYear()}`;
  await edit.getByLabel('Concepto').fill('Nomina ajustada');
  await edit.getByLabel('Fecha de pago').fill(laterText);
  await edit.getByLabel('Fecha de pago').press('Tab');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect.poll(() => edit.isVisible(), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => pending.innerText(), { timeout: 15_000 }).toContain(laterText);
  await pending.getByRole('button', { name: 'Eliminar la dispersión nomina-corregida.csv' }).click();
  await page.getByRole('dialog', { name: 'Eliminar dispersión' }).waitFor();
  await checkA11y(page, 'dispersions-remove-dialog');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(() => pending.innerText(), { timeout: 15_000 }).not.toContain('nomina-corregida.csv');
  await page.goto(`${baseUrl()}/dispersal/history`);
  await expect.poll(() => page.getByTestId('dispersion-history').innerText(), { timeout: 15_000 }).toContain('Completada');
  await screenshot(page, 'dispersions-history');
  await page.goto(`${baseUrl()}/dashboard`);
  await expect.poll(() => page.getByTestId('recent-dispersions').innerText(), { timeout: 15_000 }).toContain('Completada parcialmente');

  // On a phone the three dispersion screens do not scroll sideways (tables scroll inside their frame).
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/dispersal/transfer', 'dispersions-transfer-phone'],
    ['/dispersal/history', 'dispersions-history-phone'],
    ['/dispersal/program', 'dispersions-program-phone'],
  ] as const) {
    await page.goto(`${baseUrl()}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await screenshot(page, name);
  }
  await context.close();
});
