#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources changed since the last build,
// then serve the API and the app from one process on PORT (default 3000), as compiled JavaScript
// run by plain node (no tsx, no TypeScript compiler at run time).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const sources = Math.max(newest(join(web, 'src')), newest(join(root, 'packages/contracts/src')), statSync(join(web, 'index.html')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Construyendo la aplicación web…');
  const r = spawnSync('npm', ['run', '--silent', 'build', '-w', '@far/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const serverDir = join(root, 'apps/server');
const serverBuilt = join(serverDir, 'dist/main.js');
const serverSources = Math.max(newest(join(serverDir, 'src')), newest(join(root, 'packages/contracts/src')), statSync(join(serverDir, 'build.mjs')).mtimeMs);
if (!existsSync(serverBuilt) || statSync(serverBuilt).mtimeMs < serverSources) {
  console.log('Compilando el servidor…');
  const r = spawnSync(process.execPath, [join(serverDir, 'build.mjs')], { cwd: serverDir, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The production flags (a bounded heap: docs/decisions/0020-server-memory.md), as the benches run it.
const { flags } = JSON.parse(readFileSync(join(serverDir, 'node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...flags, serverBuilt], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
