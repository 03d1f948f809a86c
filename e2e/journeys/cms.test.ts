import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
const stamp = Date.now().toString(36).replace(/\d/g, '');
const LEGAL = `Aviso de privacidad ${stamp}`;
let legalId: string | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // The shared server serves later journeys: the new legal text must not block their business users.
  if (legalId) {
    const login = await fetch(`${baseUrl()}/api/v1/account/Signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: 'super@far.mx', Password: DEMO_PASSWORD }),
    });
    const token = (await login.json()).data.AccessToken as string;
    await fetch(`${baseUrl()}/api/cms/content/bulk-action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ Action: 'despublicar', Ids: [legalId] }),
    });
  }
  await browser.close();
});

/** A real 1×1 PNG, optionally padded to `size` bytes (still a PNG to the server's sniffing). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (name: string, size = PNG.length) => ({ name, mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]) });

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

async function newContent(page: Page, type: string, name: string) {
  await page.goto('/cms');
  await page.getByRole('button', { name: 'Nuevo contenido' }).click();
  await page.getByRole('menuitem', { name: type }).click();
  await page.waitForURL('**/cms/contenido/nuevo?tipo=*');
  await page.getByLabel('Nombre').fill(name);
}

async function publishAndCreate(page: Page) {
  await page.locator('label', { hasText: /^Publicado$/ }).click();
  await page.getByRole('button', { name: 'Crear contenido' }).click();
  await page.waitForURL(/\/cms\/contenido\/[0-9a-f-]{36}$/);
  await visible(page, 'Contenido creado');
}

it('staff publish a tutorial, a FAQ and a legal text; the business reads them in /help and accepts the legal text', async () => {
  const staff = await newPage(browser);
  const page = staff.page;
  await signIn(page, 'super@far.mx');
  await page.waitForURL('**/dashboard');

  // 1. A tutorial with image steps; a 3 MB image is refused; video and back resets the fields.
  await newContent(page, 'Tutorial', `Tutorial ${stamp}`);
  await page.getByLabel('Icono o imagen', { exact: true }).setInputFiles(png('icono.png'));
  await expect.poll(() => page.getByRole('img', { name: 'Icono o imagen actual' }).isVisible()).toBe(true);
  await page.getByLabel('Tipo de tutorial').selectOption('imagen');
  await page.getByRole('button', { name: 'Agregar imagen' }).click();
  const step = page.getByRole('group', { name: 'Lista de imágenes 1' });
  await step.getByLabel('Imagen', { exact: true }).setInputFiles(png('grande.png', 3 * 1024 * 1024));
  await visible(page, 'No debe pesar más de 2MB');
  await screenshot(page, 'cms-tutorial-3mb');
  await step.getByLabel('Texto').fill('Abre la app');
  await step.getByLabel('Enlace').fill('/account');

  await page.getByLabel('Tipo de tutorial').selectOption('video');
  await expect.poll(() => page.getByRole('group', { name: 'Lista de imágenes 1' }).count()).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: 'Agregar imagen' }).isDisabled()).toBe(true);
  await expect.poll(() => page.getByLabel(/URL del video/).isEnabled()).toBe(true);
  await page.getByLabel(/URL del video/).fill('https://www.youtube.com/watch?v=abc');
  await page.getByLabel('Tipo de tutorial').selectOption('imagen');
  await expect.poll(() => page.getByLabel(/URL del video/).isDisabled()).toBe(true);
  await expect.poll(() => page.getByLabel(/URL del video/).inputValue()).toBe('');
  await expect.poll(() => page.getByRole('group', { name: 'Lista de imágenes 1' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Agregar imagen' }).click();
  await step.getByLabel('Imagen', { exact: true }).setInputFiles(png('paso.png'));
  await expect.poll(() => step.getByRole('img', { name: 'Imagen actual' }).isVisible()).toBe(true);
  await step.getByLabel('Texto').fill('Abre la app');
  await step.getByLabel('Enlace').fill('/account');
  await publishAndCreate(page);

  // 2. A FAQ and a legal text, published.
  await newContent(page, 'Preguntas frecuentes', `Preguntas ${stamp}`);
  await page.getByLabel('Icono o imagen', { exact: true }).setInputFiles(png('faq.png'));
  await expect.poll(() => page.getByRole('img', { name: 'Icono o imagen actual' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Agregar pregunta' }).click();
  const entry = page.getByRole('group', { name: 'Preguntas y respuestas 1' });
  await entry.getByLabel('Pregunta').fill('Qué es un depósito');
  await entry.getByLabel('Respuesta').fill('Dinero que entra a tu cuenta (por SPEI).');
  await publishAndCreate(page);

  await newContent(page, 'Texto legal', LEGAL);
  await page.getByRole('textbox', { name: 'Texto legal' }).click();
  await page.keyboard.type('Tratamos tus datos personales conforme a la ley.');
  await publishAndCreate(page);
  legalId = page.url().split('/').pop();
  await screenshot(page, 'cms-legal-created');
  await page.goto('/cms');
  await visible(page, LEGAL);
  await screenshot(page, 'cms-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'cms-list-390');
  await staff.context.close();

  // 3. The business accepts the new legal text at sign-in, then reads the help.
  const business = await newPage(browser);
  const reader = business.page;
  await signIn(reader, 'empresa@demo.mx');
  await reader.waitForURL('**/dashboard');
  const gate = reader.getByRole('dialog', { name: LEGAL });
  await expect.poll(() => gate.isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => gate.getByText('Tratamos tus datos personales conforme a la ley.').isVisible()).toBe(true);
  await screenshot(reader, 'help-legal-gate');
  await gate.getByRole('button', { name: 'Acepto' }).click();
  await expect.poll(() => gate.isVisible(), { timeout: 15_000 }).toBe(false);

  await reader.goto('/help');
  await visible(reader, `Tutorial ${stamp}`);
  await expect.poll(() => reader.getByText('Abre la app').first().isVisible()).toBe(true);
  // A step's link names its screen, never the raw path.
  await expect.poll(() => reader.getByRole('link', { name: 'Ir a Alta de cuentas' }).first().isVisible()).toBe(true);
  expect(await reader.getByText('Ir a /account').count()).toBe(0);
  await screenshot(reader, 'help-tutorials');
  await reader.setViewportSize({ width: 390, height: 844 });
  await screenshot(reader, 'help-tutorials-390');
  await reader.setViewportSize({ width: 1366, height: 850 });
  await reader.getByRole('tab', { name: 'Preguntas frecuentes' }).click();
  await reader.getByLabel('Buscar en preguntas frecuentes').fill('que es un deposito');
  await expect.poll(() => reader.getByRole('button', { name: 'Qué es un depósito' }).isVisible()).toBe(true);
  await expect.poll(() => reader.getByRole('button', { name: 'Qué es la CLABE' }).isVisible()).toBe(false);
  await reader.getByRole('button', { name: 'Qué es un depósito' }).click();
  await visible(reader, 'Dinero que entra a tu cuenta (por SPEI).');
  await screenshot(reader, 'help-faq-search');
  await reader.getByRole('tab', { name: 'Textos legales' }).click();
  await visible(reader, LEGAL);

  // Accepted once: a new sign-in does not ask again.
  await reader.context().clearCookies();
  await business.context.close();
  const again = await newPage(browser);
  await signIn(again.page, 'empresa@demo.mx');
  await again.page.waitForURL('**/dashboard');
  await again.page.waitForTimeout(1500);
  expect(await again.page.getByRole('dialog', { name: LEGAL }).isVisible()).toBe(false);
  await again.context.close();
});
