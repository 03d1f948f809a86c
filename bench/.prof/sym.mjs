import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const dist = '/work/main/apps/web/dist/assets/';
const maps = new Map();
const consumer = (url) => { const f = url.split('/').pop(); if (!maps.has(f)) maps.set(f, existsSync(dist + f + '.map') ? new SourceMapConsumer(JSON.parse(readFileSync(dist + f + '.map', 'utf8'))) : null); return maps.get(f); };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const nameOf = new Map();
const label = (n) => { if (nameOf.has(n.id)) return nameOf.get(n.id); const f = n.callFrame; let l = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`; const c = f.url && consumer(f.url); if (c) { const p = c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }); if (p.source) l = `${p.name ?? f.functionName} ${p.source.replace(/.*node_modules\//, '').replace(/.*src\//, 'src/')}:${p.line}`; } nameOf.set(n.id, l); return l; };
const incl = new Map(); const selfT = new Map();
for (let i = 0; i < prof.samples.length; i++) { const d = prof.timeDeltas[i + 1] ?? 0; let id = prof.samples[i]; const seen = new Set(); let first = true;
  while (id !== undefined) { const n = byId.get(id); const l = label(n); if (first) { selfT.set(l, (selfT.get(l) ?? 0) + d); first = false; } if (!seen.has(l)) { seen.add(l); incl.set(l, (incl.get(l) ?? 0) + d); } id = parent.get(id); } }
const filt = process.argv[3] ? new RegExp(process.argv[3]) : /src\//;
console.log('--- inclusive (filtered)');
for (const [l, t] of [...incl].filter(([l]) => filt.test(l)).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((t / 1000).toFixed(0).padStart(6), l);
console.log('--- self top');
for (const [l, t] of [...selfT].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((t / 1000).toFixed(0).padStart(6), l);
