import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptLegalTexts, launch, newPage, screenshot, signIn } from '../browser';
import { changeTemporaryPassword, confirmDialog, temporaryPasswordOf, tinyPdf, uniqueMoralRfc } from '../people';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('staff onboard a persona moral business with its legal representative, an approved document and a first user, who then signs in', async () => {
  const stamp = Date.now();
  const company = `Pruebas E2E ${stamp} SA de CV`;
  const firstUser = `primer.${stamp}@demo.mx`;
  const rfc = uniqueMoralRfc();

  const { context, page } = await newPage(browser);
  await signIn(page, 'super@far.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Cuentas Business' }).click();
  await page.getByRole('link', { name: 'Nueva empresa' }).click();
  await page.waitForURL('**/user/business/nueva');

  // Step 1: kind of person (persona moral by default), RFC and company name. An RFC of the wrong
  // length is refused before anything is sent.
  await page.getByLabel('Razón social').fill(company);
  await page.getByLabel('RFC').fill(`${rfc}X`);
  await page.getByLabel('Correo electrónico de la empresa').fill(`empresa.${stamp}@demo.mx`);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect.poll(() => page.getByText('El RFC debe tener 12 caracteres').isVisible()).toBe(true);
  await page.getByLabel('RFC').fill(rfc);
  await screenshot(page, 'people-business-step-fiscal');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Step 2: the postal code fills municipality, city and state and offers its colonies.
  await page.getByLabel('Calle').fill('Paseo de la Reforma');
  await page.getByLabel('Número exterior').fill('100');
  await page.getByLabel('Código postal').fill('06600');
  await expect.poll(() => page.getByLabel('Municipio o alcaldía').inputValue()).toBe('Cuauhtémoc');
  await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('Ciudad de México');
  await expect.poll(() => page.getByRole('combobox', { name: 'Colonia' }).inputValue()).toBe('Juárez');
  await screenshot(page, 'people-business-step-address');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Step 3: legal representative.
  await page.getByLabel('Nombre(s) del representante').fill('Mariana');
  await page.getByLabel('Primer apellido del representante').fill('Ortiz');
  await page.getByLabel('Correo del representante').fill(`representante.${stamp}@demo.mx`);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Step 4: first user.
  await page.getByLabel('Nombre(s) del usuario').fill('Paula');
  await page.getByLabel('Primer apellido del usuario').fill('Núñez');
  await page.getByLabel('Correo del usuario').fill(firstUser);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect.poll(() => page.getByTestId('business-review').innerText()).toContain(rfc);
  await screenshot(page, 'people-business-review');
  await page.getByRole('button', { name: 'Crear empresa' }).click();
  await page.waitForURL(/\/user\/business\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByTestId('business-notice').innerText()).toContain(firstUser);
  const clabe = await page.getByTestId('business-clabe').innerText();
  expect(clabe).toMatch(/^646180\d{12}$/);

  // The legal representative was registered with the business.
  await page.getByRole('tab', { name: 'Representante legal' }).click();
  await expect.poll(() => page.getByLabel('Nombre(s)').inputValue()).toBe('Mariana');

  // A PDF document, uploaded and approved.
  await page.getByRole('tab', { name: 'Documentos' }).click();
  await page.getByLabel('Nombre del documento').fill('Acta constitutiva');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByLabel('Archivo PDF').click()]);
  await chooser.setFiles({ name: 'acta.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await page.getByRole('button', { name: 'Cargar', exact: true }).click();
  const row = page.getByTestId('documents-table').getByRole('row', { name: /Acta constitutiva/ });
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('pendiente');
  await page.getByRole('button', { name: 'Aprobar Acta constitutiva' }).click();
  await confirmDialog(page);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('activo');
  await screenshot(page, 'people-business-documents');

  // With its KYC complete the business can be activated.
  await page.getByTestId('lifecycle-actions').getByRole('button', { name: 'Activar' }).click();
  await confirmDialog(page);
  await expect.poll(() => page.getByTestId('record-header').locator('[data-status]').getAttribute('data-status')).toBe('activo');
  await screenshot(page, 'people-business-detail');
  await context.close();

  // The first user signs in with the temporary password from the mailbox and must change it.
  const user = await newPage(browser);
  await changeTemporaryPassword(user.page, firstUser, await temporaryPasswordOf(firstUser), 'PrimerAcceso2026');
  // A business user invited by staff accepts the business's legal texts at their first sign-in (issue 26 §1).
  await acceptLegalTexts(user.page, ['Términos y condiciones', 'Aviso de privacidad']);
  await user.page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
  await user.page.waitForURL('**/dashboard');
  await expect.poll(() => user.page.getByTestId('header-user-name').innerText()).toBe('Paula Núñez');
  // The dashboard screen loads on first visit: wait for it, not just for the address bar.
  await expect.poll(() => user.page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
  await expect.poll(() => user.page.getByText('Cargando el resumen…').count()).toBe(0);
  await screenshot(user.page, 'people-business-first-user-dashboard');
  await user.context.close();
});
