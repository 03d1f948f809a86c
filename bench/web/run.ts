/**
 * First-load figures of the web app, measured in Debian's Chromium against the real server (built
 * app, embedded database with the demo data):
 * - the sign-in page's JavaScript as it travels (compressed bytes), target ≤ 170 KB;
 * - Lighthouse mobile performance of sign-in (target ≥ 90) and of the business dashboard
 *   (target ≥ 80), when the `lighthouse` package is installed (CHROME_PATH=/usr/bin/chromium).
 * Run `npm run build` first. Usage: npx tsx bench/web/run.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const root = new URL('../..', import.meta.url).pathname;

async function startServer(): Promise<{ base: string; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'far-bench-web-'));
  const port = String(4100 + Math.floor(Math.random() * 800));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', FAR_DATA_DIR: dataDir, FAR_DEMO: '1', DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds the embedded database: minutes on a loaded machine.
  const deadline = Date.now() + 300_000;
  while (
    !(await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error('el servidor no respondió en 5 minutos');
    await new Promise((r) => setTimeout(r, 300));
  }
  return { base, stop: () => (server.kill('SIGTERM'), setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500)) };
}

/** Compressed bytes of every script the sign-in page loads (what crossed the network). */
async function signinJs(base: string): Promise<{ kb: number; files: number; css: number }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  let js = 0;
  let css = 0;
  let files = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (type === 'Script') {
      js += e.encodedDataLength;
      files += 1;
    }
    if (type === 'Stylesheet') css += e.encodedDataLength;
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  return { kb: Math.round(js / 1024), files, css: Math.round(css / 1024) };
}

interface Score {
  score: number;
  /** The five metrics behind the score, to see which one costs (ms, except CLS). */
  metrics: string;
  /**
   * Lighthouse's measure of this machine's CPU: its simulated phone multiplies observed CPU time by
   * four whatever the host, so scores from machines of different speed are compared through it.
   */
  benchmarkIndex?: number;
}

const METRICS: Array<[string, string]> = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

async function lighthouseScores(base: string): Promise<Record<string, Score> | string> {
  let lighthouse: typeof import('lighthouse').default;
  let launcher: typeof import('chrome-launcher');
  try {
    lighthouse = (await import('lighthouse')).default;
    launcher = await import('chrome-launcher');
  } catch {
    return 'lighthouse no está instalado (npm install lighthouse -w @far/bench)';
  }
  const chrome = await launcher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  const scores: Record<string, Score> = {};
  try {
    const run = async (url: string) => {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', logLevel: 'error' });
      // BENCH_WEB_REPORTS=<dir> keeps each page's full Lighthouse report (JSON) to read the diagnostics.
      if (process.env.BENCH_WEB_REPORTS && result)
        writeFileSync(join(process.env.BENCH_WEB_REPORTS, `${new URL(url).pathname.slice(1)}.json`), JSON.stringify(result.lhr));
      const audits = result?.lhr.audits ?? {};
      // A run Lighthouse could not finish (no paint seen, a page error…) says why instead of a bare 0.
      const failed = result?.lhr.runtimeError;
      const metrics = failed
        ? `Lighthouse no terminó: ${failed.code} ${failed.message}`
        : METRICS.map(([id, name]) => `${name} ${audits[id]?.displayValue ?? '?'}`).join(', ');
      return { score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100), metrics, benchmarkIndex: result?.lhr.environment.benchmarkIndex };
    };
    scores.signin = await run(`${base}/login`);
    // The dashboard needs a session: sign in once in this Chrome so the refresh cookie is set.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Correo electrónico').fill('empresa@demo.mx');
    await page.getByLabel('Contraseña').fill('Demo#2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
    scores.dashboard = await run(`${base}/dashboard`);
  } finally {
    chrome.kill();
  }
  return scores;
}

const { base, stop } = await startServer();
try {
  const js = await signinJs(base);
  console.log(`sign-in: ${js.kb} KB de JavaScript comprimido en ${js.files} archivos (objetivo ≤ 170 KB), ${js.css} KB de CSS`);
  const lh = await lighthouseScores(base);
  if (typeof lh === 'string') console.log(lh);
  else {
    console.log(`Lighthouse móvil, rendimiento: sign-in ${lh.signin?.score} (objetivo ≥ 90), dashboard Business ${lh.dashboard?.score} (objetivo ≥ 80)`);
    for (const [page, s] of Object.entries(lh))
      console.log(`  ${page}: ${s.metrics}${s.benchmarkIndex ? ` (benchmarkIndex ${Math.round(s.benchmarkIndex)})` : ''}`);
  }
  console.log(
    `carga del equipo (uptime): ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  stop();
}
