import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';

export const DEMO_PASSWORD = 'Demo#2026';
const shots = join(new URL('..', import.meta.url).pathname, 'test-output', 'e2e');

/** Debian's Chromium, never a downloaded one, with the flags this closed network needs. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/** This worker's own server (VITEST_POOL_ID counts the workers from 1). */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

export const DESKTOP = { width: 1366, height: 850 };
export const PHONE = { width: 390, height: 844 };

export interface PageOptions {
  /** The server to talk to; this worker's own by default. */
  base?: string;
  /** DESKTOP by default; a viewport narrower than 500 px is a phone (touch, mobile). */
  viewport?: { width: number; height: number };
}

/**
 * A page in a fresh browser context (Spanish, Mexico City), with the axe gate on every dialog it
 * opens. Every journey opens its pages here, phone ones too, so no dialog escapes the gate.
 */
export async function newPage(browser: Browser, options: string | PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { base = baseUrl(), viewport = DESKTOP } = typeof options === 'string' ? { base: options } : options;
  const phone = viewport.width < 500;
  const context = await browser.newContext({ baseURL: base, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport, isMobile: phone, hasTouch: phone });
  await scanDialogs(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * The axe gate on every dialog a journey opens (code entry, previews, confirmations, the legal
 * acceptance): each time a dialog appears and has settled, the screen is checked as
 * `dialog-<title>`; a finding fails the journey when it ends (the scan runs beside the journey's
 * own steps, so it cannot throw into them). Installed on the context, so a second tab is watched too.
 */
async function scanDialogs(context: BrowserContext): Promise<void> {
  const findings: string[] = [];
  const seenBy = new WeakMap<Page, Set<string>>();
  let scans = Promise.resolve();
  await context.exposeBinding('__farDialogOpened', ({ page }, title: string) => {
    const seen = seenBy.get(page) ?? new Set<string>();
    seenBy.set(page, seen);
    if (seen.has(title)) return;
    seen.add(title);
    const name = `dialog-${
      title
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\w]+/g, '-')
        .toLowerCase()
        .replace(/^-|-$/g, '') || 'sin-titulo'
    }`;
    scans = scans.then(() =>
      checkA11y(page, name, '[role="dialog"]').then(
        () => undefined,
        (e: Error) => {
          if (!page.isClosed() && !/closed|destroyed|navigat/i.test(e.message)) findings.push(e.message);
          // Gone before it was judged: the next time it opens, it is scanned.
          else seen.delete(title);
        },
      ),
    );
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __farDialogOpened: (title: string) => void }).__farDialogOpened;
    let timer: ReturnType<typeof setTimeout> | undefined;
    new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const dialog of document.querySelectorAll('[role="dialog"]')) {
          const box = dialog.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          const labelled = dialog.getAttribute('aria-labelledby');
          const title = (labelled ? document.getElementById(labelled)?.textContent : dialog.getAttribute('aria-label')) ?? '';
          void report(title.trim());
        }
      }, 400);
    }).observe(document, { childList: true, subtree: true });
  });
  onTestFinished(async () => {
    await scans;
    expect(findings, 'axe on the dialogs this journey opened').toEqual([]);
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Critical and serious findings still standing, per screen (`impact rule`), as recorded by
 * `A11Y_RECORD=1` (see e2e/README): a violation baseline that may only shrink. A finding that is
 * not in it fails the journey; the goal is an empty file.
 */
const baseline: Record<string, string[]> = JSON.parse(readFileSync(new URL('./a11y-baseline.json', import.meta.url), 'utf8'));

/**
 * The accessibility gate: axe-core on the screen as it is now (WCAG 2 A/AA rules). Fails on any
 * critical or serious violation the baseline does not list; writes every finding to
 * test-output/e2e/<name>.axe.json.
 */
export function checkA11y(page: Page, name: string, within?: string): Promise<A11yCounts> {
  // axe runs one scan at a time in a page: a journey's own check waits for a dialog scan running beside it.
  const run = (axeQueue.get(page) ?? Promise.resolve()).then(() => runAxe(page, name, within));
  axeQueue.set(
    page,
    run.catch(() => undefined),
  );
  return run;
}

/** Once the screen's finite transitions have ended (a drawer sliding in, a menu folding away); spinners run forever and are not waited for. */
const transitionsEnded = (page: Page) =>
  page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);

type A11yCounts = { critical: number; serious: number; moderate: number; minor: number };
const axeQueue = new WeakMap<Page, Promise<unknown>>();

/** axe on the screen, or on the dialogs only (`within`); null when those dialogs are gone. */
async function axeScan(page: Page, within?: string): Promise<AxeViolation[] | null> {
  // A dialog still fading in or out is judged at its passing opacity (color-contrast on its title).
  await transitionsEnded(page);
  // Evaluated through the DevTools protocol: the app's CSP forbids inline scripts, and rightly so.
  await page.evaluate(axeSource);
  // A dialog scan looks at the dialogs only: the screen behind them, under the overlay, is its own check's.
  return (await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    // A dialog the journey closed before its turn came is no longer there to judge.
    if (include && !document.querySelector(include)) return null;
    const result = await axe.run(include ? { include: [[include]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  }, within ?? null)) as AxeViolation[] | null;
}

const blockingOf = (name: string, violations: AxeViolation[]) => {
  const known = new Set(baseline[name] ?? []);
  return violations.filter((v) => (v.impact === 'critical' || v.impact === 'serious') && !known.has(`${v.impact} ${v.id}`));
};

async function runAxe(page: Page, name: string, within?: string): Promise<A11yCounts> {
  let violations = await axeScan(page, within);
  // A dialog the journey closes while axe reads it fades out under the scan: a finding is looked at
  // once more when it has settled (still there, it is real; gone, there is nothing to judge).
  if (within && violations && blockingOf(name, violations).length > 0) {
    await page.waitForTimeout(500);
    violations = await axeScan(page, within);
  }
  if (violations === null) throw new Error(`«${name}» closed before its scan`);
  mkdirSync(shots, { recursive: true });
  writeFileSync(
    join(shots, `${name}.axe.json`),
    JSON.stringify(
      violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 10) })),
      null,
      2,
    ),
  );
  const count = (impact: string) => violations.filter((v) => v.impact === impact).length;
  const figures = { critical: count('critical'), serious: count('serious'), moderate: count('moderate'), minor: count('minor') };
  const blocking = blockingOf(name, violations);
  if (blocking.length > 0 && !process.env.A11Y_RECORD) {
    throw new Error(
      `axe on «${name}»: ${blocking
        .map(
          (v) =>
            `${v.impact} ${v.id} (${v.help}) at ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        )
        .join('; ')}`,
    );
  }
  return figures;
}

/** A picture of the screen for people to look at, after the accessibility gate on the same screen. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await transitionsEnded(page);
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  await checkA11y(page, name);
}

/** A call to the API as a demo user (signs in first): the answer's data, or an error naming the status. */
export async function api(email: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const login = await fetch(`${baseUrl()}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD }),
  });
  const token = (await login.json()).data.AccessToken;
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * The legal gate of a first sign-in: each pending text in a dialog that only «Acepto» closes.
 * Waits for the gate (it opens once the session's pending texts are read) and accepts every text.
 */
export async function acceptLegalTexts(page: Page, names: string[]): Promise<void> {
  for (const name of names) {
    const gate = page.getByRole('dialog', { name });
    await expect.poll(() => gate.isVisible(), { timeout: 15_000 }).toBe(true);
    await gate.getByRole('button', { name: 'Acepto' }).click();
    await expect.poll(() => gate.isVisible()).toBe(false);
  }
}

/** The newest message the product sent to an address, read through the API as the super admin. */
export async function lastMessageTo(to: string, base = baseUrl()): Promise<{ t_body: string; v_subject: string }> {
  const login = await fetch(`${base}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'super@far.mx', Password: DEMO_PASSWORD }),
  });
  const token = (await login.json()).data.AccessToken;
  const res = await fetch(`${base}/api/v1/outbox?search=${encodeURIComponent(to)}&perPage=1`, { headers: { authorization: `Bearer ${token}` } });
  const item = (await res.json()).data.items[0];
  if (!item) throw new Error(`no message to ${to}`);
  return item;
}

export const codeIn = (body: string) => body.match(/\b(\d{6})\b/)![1]!;

/**
 * The body of the newest security code e-mailed to an address ('' when none). A notice (a settled
 * transfer, a finished dispersion) may be sent after the code, so the newest message is not enough.
 */
export async function lastSecurityCode(to: string, base = baseUrl()): Promise<string> {
  const login = await fetch(`${base}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'super@far.mx', Password: DEMO_PASSWORD }),
  });
  const token = (await login.json()).data.AccessToken;
  const res = await fetch(`${base}/api/v1/outbox?search=${encodeURIComponent(to)}&perPage=20`, { headers: { authorization: `Bearer ${token}` } });
  const items = (await res.json()).data.items as Array<{ t_body: string; v_subject: string }>;
  return items.find((m) => m.v_subject === 'Tu código de seguridad')?.t_body ?? '';
}

/** Waits for a security code newer than `before` (what lastSecurityCode answered before asking for one) and returns it. */
export async function nextSecurityCode(to: string, before: string, base = baseUrl()): Promise<string> {
  let body = '';
  await expect.poll(async () => (body = await lastSecurityCode(to, base).catch(() => '')) !== '' && body !== before, { timeout: 15_000 }).toBe(true);
  return codeIn(body);
}

/** Waits until the header bell shows its first count (from the query and the live stream's first message). */
export async function bellReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('header-bell').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByTestId('header-bell-count').getAttribute('data-ready'), { timeout: 10_000 }).toBe('1');
}

/** The unread count the header bell shows now. */
export const bellCount = async (page: Page) => Number(await page.getByTestId('header-bell-count').getAttribute('data-count'));

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

/**
 * Staff send a simulated incoming SPEI (Configuración SPEI, sandbox tab) to a CLABE, or to a
 * business picked by name, with a known tracking key; returns once it is credited.
 */
export async function sandboxIncomingSpei(
  browser: Browser,
  to: { clabe: string } | { business: string },
  o: { trackingKey: string; amount: string; concept: string },
): Promise<void> {
  const staff = await newPage(browser);
  await signIn(staff.page, 'operador@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await staff.page.getByRole('link', { name: 'Configuración SPEI' }).click();
  await staff.page.waitForURL('**/user/business/spei');
  await staff.page.getByRole('tab', { name: 'SPEI sandbox: depósito entrante' }).click();
  if ('clabe' in to) await staff.page.getByLabel('CLABE de la empresa').fill(to.clabe);
  else {
    const input = staff.page.getByRole('combobox', { name: 'Empresa', exact: true });
    await input.click();
    await input.fill(to.business);
    await staff.page
      .getByRole('option', { name: new RegExp(to.business) })
      .first()
      .click();
    await expect.poll(() => staff.page.getByLabel('CLABE de la empresa').inputValue()).toMatch(/^646\d{15}$/);
  }
  await staff.page.getByLabel('Nombre del ordenante').fill('Tienda Norte SA');
  await staff.page.getByLabel('Monto').fill(o.amount);
  await staff.page.getByLabel('Concepto').fill(o.concept);
  await staff.page.getByLabel('Clave de rastreo').fill(o.trackingKey);
  await staff.page.getByRole('button', { name: 'Enviar SPEI de prueba' }).click();
  await expect.poll(() => staff.page.getByTestId('sandbox-result').innerText(), { timeout: 15_000 }).toContain('SPEI recibido');
  await staff.context.close();
}

/** The wallet's published legal texts as the sign-up screen sends them once the person ticks them. */
export async function signupLegal(): Promise<Array<{ Id: string; Version: number }>> {
  const legal = (await (await fetch(`${baseUrl()}/api/cms/legal/signup`)).json()).data as Array<{ v_uid: string; i_version: number }>;
  return legal.map(({ v_uid, i_version }) => ({ Id: v_uid, Version: i_version }));
}

/** A fresh wallet user made through the public sign-up calls, for journeys that spoil an account. */
export async function createWalletUser(email: string, password: string, cellPhone = '5511112222'): Promise<void> {
  const Legal = await signupLegal();
  await post('/api/v1/account/Signup/Token/Resend', { Email: email, Names: 'Prueba', LastName1: 'E2E', CellPhone: cellPhone, PhoneCode: '+52', Legal });
  await post('/api/v1/account/Signup/Token/Validate', { Email: email, Token: codeIn((await lastMessageTo(email)).t_body) });
  await post('/api/v1/account/Signup/VerificationCode', { Email: email });
  await post('/api/v1/account/Signup/Password', { Email: email, Code: codeIn((await lastMessageTo(`+52${cellPhone}`)).t_body), Password: password });
}

/** super@far.mx on the staff detail of the demo business (Cuentas Business → Comercializadora Demo). */
export async function openDemoBusinessAsStaff(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser);
  const { page } = opened;
  await signIn(page, 'super@far.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Cuentas Business' }).click();
  await page.waitForURL('**/user/business');
  await page.getByLabel('Buscar empresa').fill('Comercializadora Demo');
  await page.getByRole('button', { name: 'Ver Comercializadora Demo SA de CV' }).click();
  await page.waitForURL(/\/user\/business\/[0-9a-f-]{36}$/);
  return opened;
}
