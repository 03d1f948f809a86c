import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, lastSecurityCode, launch, newPage, nextSecurityCode, openDemoBusinessAsStaff, screenshot as fullShot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

const csv = (text: string) => ({ name: 'archivo.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

/** The business's own system on this machine: answers every purchase it is asked about with `answer`. */
async function businessSystem(answer: { approved: boolean; reason?: string }): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/autorizar`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it('staff generate stock; the business registers cardholders, matches, activates and funds from the Spanish templates, sets controls, buys and locks a card', async () => {
  // 1. Staff generate stock from the BIN and watch the batch finish.
  const staff = await newPage(browser);
  await signIn(staff.page, 'super@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await staff.page.goto('/pre-stock-cards');
  const inStock = () => staff.page.getByTestId('cards-status-1').innerText().then(Number);
  await expect.poll(() => staff.page.getByTestId('cards-status-1').isVisible(), { timeout: 15_000 }).toBe(true);
  const stockBefore = await inStock();
  await staff.page.getByLabel('Número de tarjetas').fill('4');
  await staff.page.getByRole('button', { name: 'Generar tarjetas' }).click();
  await expect.poll(() => staff.page.getByTestId('creation-batches').locator('[data-row-id]').first().innerText(), { timeout: 20_000 }).toContain('Terminado');
  // The counters follow the batch's end without a reload (issue 26 §2).
  await expect.poll(inStock, { timeout: 10_000 }).toBe(stockBefore + 4);
  await screenshot(staff.page, 'cards-pre-stock');
  await staff.context.close();
  const stock = (await api('super@far.mx', '/api/v1/cards/query/list', { Status: 1, Unassigned: true, Size: 2 })).Records as { CardIdentifier: string }[];
  expect(stock).toHaveLength(2);

  // 2. The business downloads the template and uploads two cardholders.
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Alta de cuentas' }).click();
  await page.waitForURL('**/account');
  await page.getByRole('link', { name: 'Tarjetas y tarjetahabientes' }).click();
  await page.waitForURL('**/account/cards');
  await page.getByRole('tab', { name: 'Tarjetahabientes' }).click();
  await page.waitForURL('**/account/cardholders');
  // Issue 26 §2: the template has Spanish headers; the file is filled in from it, with a dd/mm/aaaa date.
  const templates = page.getByTestId('template-cardholders');
  await expect.poll(() => templates.getByRole('button', { name: 'Plantilla CSV' }).isVisible(), { timeout: 15_000 }).toBe(true);
  const [template] = await Promise.all([page.waitForEvent('download'), templates.getByRole('button', { name: 'Plantilla CSV' }).click()]);
  expect(template.suggestedFilename()).toBe('plantilla-tarjetahabientes.csv');
  const { readFileSync } = await import('node:fs');
  const header = readFileSync((await template.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]!;
  expect(header).toBe(
    'Identificador del tarjetahabiente,Nombre(s),Primer apellido,Segundo apellido,Correo electrónico,Lada,Teléfono celular,CURP,RFC,Fecha de nacimiento',
  );
  const suffix = String(Date.now()).slice(-6);
  const holders = [`E2E${suffix}A`, `E2E${suffix}B`];
  // A bad date first: the error names the field in Spanish and the format expected.
  await page.locator('input[type=file]').setInputFiles(csv(`${header}\nE2E${suffix}X,Ana,Pérez,,x${suffix}@ejemplo.mx,,5512345678,,,1990/05/17\n`));
  await expect.poll(() => page.getByTestId('upload-result').innerText(), { timeout: 15_000 }).toContain('Fecha no válida: usa el formato dd/mm/aaaa');
  expect(await page.getByTestId('upload-result').innerText()).toContain('Fecha de nacimiento');
  await page
    .locator('input[type=file]')
    .setInputFiles(csv(`${header}\n${holders.map((h) => `${h},Ana,Pérez,,${h.toLowerCase()}@ejemplo.mx,,5512345678,,,17/05/1990`).join('\n')}\n`));
  await expect.poll(() => page.getByTestId('upload-result').innerText(), { timeout: 15_000 }).toContain('Registrados: 2');
  await screenshot(page, 'cards-cardholders');

  // 3. It matches the two stock cards to them and activates them.
  await page.getByRole('tab', { name: 'Tarjetas', exact: true }).click();
  await page.waitForURL('**/account/cards');
  await expect.poll(() => page.getByRole('button', { name: 'Asignar tarjetas (CSV)' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByTestId('cards-status-2').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByTestId('template-assignment').innerText()).toContain('identificador del tarjetahabiente');
  await page
    .locator('input[type=file]')
    .setInputFiles(
      csv(`Identificador de la tarjeta,Identificador del tarjetahabiente\n${stock.map((c, i) => `${c.CardIdentifier},${holders[i]}`).join('\n')}\n`),
    );
  await expect.poll(() => page.getByTestId('cards-status-2').innerText(), { timeout: 15_000 }).toBe('2');
  // The activation batch shows each card as printed and a Spanish status.
  const batchTable = page.getByRole('region', { name: 'Lotes de activación' });
  await expect.poll(() => batchTable.innerText(), { timeout: 15_000 }).toMatch(/\d{6}\*{6}\d{4}[\s\S]*Asignada/);
  await page.getByRole('button', { name: 'Activar tarjetas asignadas' }).click();
  await expect.poll(() => page.getByTestId('cards-status-2').innerText(), { timeout: 15_000 }).toBe('0');
  await expect.poll(() => batchTable.innerText(), { timeout: 15_000 }).toContain('Activada');
  expect(await batchTable.innerText()).not.toMatch(/MATCHED|ACTIVATED|FAILED/);
  await screenshot(page, 'cards-list');

  // 3b. The business's dashboard counts them among its active cards (a section loaded below the first screen).
  await page.goto('/dashboard');
  const figures = page.getByTestId('dashboard-cards');
  await expect.poll(() => figures.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(Number(/activa\s+(\d+)/i.exec(await figures.innerText())?.[1])).toBeGreaterThanOrEqual(2);
  await page.goto('/account/cards');

  // 4. Funding of both from one CSV: preview, the code from the mailbox, done.
  const { BusinessId } = await api('empresa@demo.mx', '/api/v1/cardholders/query/count-by-business', {});
  await api('operador@far.mx', `/api/v1/transaction/business/${BusinessId}/deposit`, { Amount: '5000.00' }, { 'idempotency-key': `e2e-cards-${suffix}` });
  await page.getByRole('tab', { name: 'Fondeo de tarjetas' }).click();
  await page.waitForURL('**/account/funding');
  await expect.poll(() => page.getByText('Carga un archivo para ver la vista previa.').isVisible(), { timeout: 15_000 }).toBe(true);
  await page
    .locator('input[type=file]')
    .setInputFiles(csv(`Identificador de la tarjeta,Monto\n${stock[0]!.CardIdentifier},300.00\n${stock[1]!.CardIdentifier},150.00\n`));
  await expect.poll(() => page.getByRole('button', { name: 'Solicitar código' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await screenshot(page, 'cards-funding-preview');
  const before = await lastSecurityCode('empresa@demo.mx');
  await page.getByRole('button', { name: 'Solicitar código' }).click();
  const code = await nextSecurityCode('empresa@demo.mx', before);
  await page.getByLabel('Código de seguridad').fill(code);
  await page.getByRole('button', { name: 'Fondear tarjetas' }).click();
  await expect.poll(() => page.getByText('Fondeo aplicado.').isVisible(), { timeout: 15_000 }).toBe(true);

  // 4b. The funding is a movement of the business (issue 23 §3): labelled, a charge, and its detail says what it was.
  await page.goto('/movement');
  const funding = page
    .getByTestId('movements-table')
    .getByRole('row', { name: /\(Fondeo de tarjetas\)$/ })
    .first();
  await expect.poll(() => funding.innerText(), { timeout: 15_000 }).toMatch(/[-−]\s?\$4\d\d\.\d\d/);
  await screenshot(page, 'movements-card-funding');
  await funding.click();
  await expect.poll(() => page.getByTestId('movement-detail').innerText(), { timeout: 15_000 }).toContain('Fondeo de tarjetas');
  await screenshot(page, 'movements-card-funding-detail');
  await page.keyboard.press('Escape');

  // 5. On the card: a purchase within the balance is approved, one over it is declined.
  await page.goto(`/account/cards/${stock[0]!.CardIdentifier}`);
  await expect.poll(() => page.getByTestId('card-available').innerText(), { timeout: 15_000 }).toBe('$300.00');
  const buy = async (amount: string) => {
    await page.getByLabel('Monto').fill(amount);
    await page.getByRole('button', { name: 'Simular compra' }).click();
  };
  await buy('120.00');
  await expect.poll(() => page.getByText('Compra aprobada').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByTestId('card-available').innerText(), { timeout: 15_000 }).toBe('$180.00');
  await buy('500.00');
  await expect.poll(() => page.getByText('Saldo insuficiente').first().isVisible(), { timeout: 15_000 }).toBe(true);
  // The purchase reads as a charge, the funding as money in.
  const movements = page.getByRole('region', { name: 'Movimientos de la tarjeta' });
  await expect.poll(() => movements.innerText(), { timeout: 15_000 }).toContain('-$120.00');
  expect(await movements.innerText()).toMatch(/(^|[^-])\$300\.00/m);
  await screenshot(page, 'cards-detail');

  // 5a. Card controls (issue 26 §2): without in-person purchases, a purchase in a store is declined, naming why.
  await page.getByRole('button', { name: 'Editar controles' }).click();
  const controls = page.getByRole('dialog', { name: 'Controles de la tarjeta' });
  // Not forced, so the click waits for the dialog to settle; then the switch must show it.
  const inPerson = controls.getByRole('switch', { name: 'Compras presenciales' });
  const toggleInPerson = async (to: boolean) => {
    await inPerson.click();
    await expect.poll(() => inPerson.isChecked()).toBe(to);
  };
  await toggleInPerson(false);
  await screenshot(page, 'cards-controls-dialog');
  await controls.getByRole('button', { name: 'Guardar controles' }).click();
  await expect.poll(() => page.getByTestId('card-controls').innerText(), { timeout: 15_000 }).toBe('sin compras presenciales');
  await buy('10.00');
  await expect.poll(() => page.getByText('Canal no permitido: presencial').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Editar controles' }).click();
  await toggleInPerson(true);
  await controls.getByRole('button', { name: 'Guardar controles' }).click();
  await expect.poll(() => page.getByTestId('card-controls').innerText(), { timeout: 15_000 }).toBe('Sin restricciones');

  // 5b. The business sets the cardholder's limit per operation: a purchase over it is declined, naming it.
  await page.getByLabel('Límite por operación').fill('50.00');
  await page.getByRole('button', { name: 'Guardar límite' }).click();
  await expect.poll(() => page.getByText('El límite se guardó.').isVisible(), { timeout: 15_000 }).toBe(true);
  await buy('60.00');
  await expect.poll(() => page.getByText('Límite por transacción excedido').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByTestId('card-available').innerText(), { timeout: 15_000 }).toBe('$180.00');

  // 5c. Real-time authorisation (issue 28 §2): staff open the business and set its endpoint from the
  // screen; the business's system (a fake here) declines with a reason, and the card's movement says
  // who decided and why.
  const system = await businessSystem({ approved: false, reason: 'Comercio fuera de política' });
  try {
    const staffDetail = await openDemoBusinessAsStaff(browser);
    await staffDetail.page.getByRole('tab', { name: 'Tarjetas', exact: true }).click();
    const section = staffDetail.page.getByTestId('card-auth-section');
    await expect.poll(() => section.isVisible(), { timeout: 15_000 }).toBe(true);
    await section.getByLabel('URL de autorización (https://)').fill(system.url);
    // The fake listens on this machine over http: staff allow it (never in production).
    await section.getByLabel(/Permitir http:\/\/ a una dirección local/).check({ force: true });
    await section.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => staffDetail.page.getByTestId('card-auth-secret').innerText(), { timeout: 10_000 }).toMatch(/whsec_/);
    await section.scrollIntoViewIfNeeded();
    await screenshot(staffDetail.page, 'cards-business-auth-staff');
    await staffDetail.page.reload();
    await expect.poll(() => section.getByLabel('URL de autorización (https://)').inputValue(), { timeout: 15_000 }).toBe(system.url);
    expect(await staffDetail.page.getByTestId('card-auth-secret').count()).toBe(0);
    await staffDetail.page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(staffDetail.page, 'cards-business-auth-staff-390');
    expect(await staffDetail.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await staffDetail.context.close();

    await buy('10.00');
    await expect.poll(() => page.getByText('Rechazada por el negocio').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const decision = movements.getByTestId('purchase-decision').first();
    await expect.poll(() => decision.innerText(), { timeout: 15_000 }).toMatch(/^Negocio\s+Comercio fuera de política · \d+ ms$/);
    expect(await movements.getByRole('columnheader', { name: 'Decidió' }).isVisible()).toBe(true);
    await screenshot(page, 'cards-detail-business-decision');
  } finally {
    // The other journeys' purchases are decided by the product alone again.
    await api('super@far.mx', '/api/v1/cards/authorization-endpoint/delete', { BusinessId }).catch(() => undefined);
    await system.close();
  }

  // 6. Locked, the next purchase is declined at once.
  await page.getByRole('button', { name: 'Bloquear tarjeta' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Desbloquear tarjeta' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await buy('10.00');
  await expect.poll(() => page.getByText('Tarjeta bloqueada').first().isVisible(), { timeout: 15_000 }).toBe(true);

  // 7. On a phone nothing scrolls sideways (tables scroll inside their frame).
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    [`/account/cards/${stock[0]!.CardIdentifier}`, 'cards-detail-phone'],
    ['/account/cards', 'cards-list-phone'],
  ] as const) {
    await page.goto(path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, name);
  }
  await context.close();
});

it('Tarjetas says the card API failed and offers to retry, instead of empty tables', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  // The card API is down: its answers are 503 until it comes back.
  let down = true;
  await page.route(/\/api\/v1\/cards\/(action\/get-amount-cards-by-status|query\/list|cardbatchactivations\/query\/list)/, (route) =>
    down
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            IsSuccess: false,
            data: null,
            status: { code: 503, message: 'Servicio no disponible' },
            message: 'Servicio no disponible',
          }),
        })
      : route.fallback(),
  );
  await page.goto('/account/cards');
  await expect.poll(() => page.getByText('No fue posible cargar las tarjetas').isVisible(), { timeout: 20_000 }).toBe(true);
  await screenshot(page, 'cards-api-down');
  down = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect.poll(() => page.getByTestId('cards-status-3').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByText('No fue posible cargar las tarjetas').count()).toBe(0);
  await context.close();
});
