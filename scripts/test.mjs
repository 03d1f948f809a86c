#!/usr/bin/env node
// `npm test`: lint, typecheck, dead code, the module graph (no import circles), the code format (Prettier), the typed
// client's generated types, unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end
// tests when Chromium is installed. Prints one closing line "tests: N passed, M failed" over every suite
// that ran.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-output');
rmSync(join(out, 'results'), { recursive: true, force: true });
mkdirSync(join(out, 'results'), { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(title, cmd, args, { cwd = root, env = {} } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const ok = res.status === 0;
  console.log(`${ok ? '✓' : '✗'} ${title} (${secs} s)`);
  if (!ok) failures.push(title);
  return ok;
}

function vitest(title, cwd, { env = {}, config, extra = [] } = {}) {
  const file = join(out, 'results', `${title.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra];
  if (config) args.push('--config', config);
  run(title, 'npx', args, { cwd: join(root, cwd), env });
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
}

/**
 * The migrations match the schema: drizzle-kit check, then a generate into a copy of the
 * migrations folder that must write nothing (no database is needed for either).
 */
function schemaMatchesMigrations() {
  const server = join(root, 'apps/server');
  const copy = join(out, 'drizzle-check');
  rmSync(copy, { recursive: true, force: true });
  cpSync(join(server, 'drizzle'), copy, { recursive: true });
  const listing = (dir) => readdirSync(dir, { recursive: true }).map(String).sort().join('\n');
  const before = listing(copy);
  const ok =
    run('schema: drizzle-kit check', 'npx', ['drizzle-kit', 'check'], { cwd: server }) &&
    run('schema: drizzle-kit generate writes nothing', 'npx', ['drizzle-kit', 'generate'], { cwd: server, env: { DRIZZLE_OUT: relative(server, copy) } });
  if (ok && listing(copy) !== before) {
    console.log('✗ drizzle-kit generate wrote a migration: the schema changed without one (npm run db:generate)');
    failures.push('schema: migrations up to date');
  }
}

/**
 * Checks that are each one thread (eslint, tsc, knip) run side by side on the machine's cores; each
 * one's output is printed whole when it ends, so the log stays readable.
 */
async function runTogether(steps) {
  await Promise.all(
    steps.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            const secs = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n▶ ${title}\n${output}${code === 0 ? '✓' : '✗'} ${title} (${secs} s)`);
            if (code !== 0) failures.push(title);
            resolve();
          });
        }),
    ),
  );
}

await runTogether([
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['dead code: knip', 'npx', ['knip', '--no-progress']],
  ['module graph: no import circles', 'npm', ['run', '--silent', 'graph']],
  ['format: prettier --check', 'npm', ['run', '--silent', 'format:check']],
]);
schemaMatchesMigrations();
// The typed client (packages/client) matches the routes: its types are regenerated in memory from the
// server's OpenAPI document and compared with the committed file (npm run client:generate).
run('client: generated types up to date', 'npm', ['run', '--silent', 'client:generate', '--', '--check']);
vitest('contracts: unit', 'packages/contracts');
vitest('web: components', 'apps/web');
// The PGlite run must not inherit TEST_DATABASE_URL (it would run on PostgreSQL twice). The property
// and fuzz tests (thousands of generated sequences and requests, engine-independent invariants) and
// the scale tests (`*.scale.test.ts`: a 1,000-row dispersion through STP, a minute on PGlite) run
// once: on PostgreSQL when it is there, else on PGlite. The two suites run one after the other: side
// by side on 2 cores they took 850 s, against 819 s one after the other (both are CPU-bound).
vitest('server: API on PGlite', 'apps/server', {
  env: { TEST_DATABASE_URL: '' },
  extra: process.env.TEST_DATABASE_URL ? ['--exclude', '**/*property.test.ts', '--exclude', '**/*.scale.test.ts', '--exclude', '**/fuzz/*.test.ts'] : [],
});
if (process.env.TEST_DATABASE_URL) {
  vitest('server: API on PostgreSQL', 'apps/server', { env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } });
} else {
  console.log('\n- server: API on PostgreSQL skipped: TEST_DATABASE_URL is not set');
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (run('web: build', 'npm', ['run', '--silent', 'build'])) vitest('e2e: Chromium', 'e2e', { env: { CHROMIUM_PATH: chromium } });
} else {
  console.log(`\n- e2e skipped: no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH)`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
