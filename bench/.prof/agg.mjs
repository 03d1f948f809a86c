import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas; let total = 0;
for (let i = 0; i < prof.samples.length; i++) { const n = byId.get(prof.samples[i]); const d = dt[i] ?? 0; total += d; self.set(n.id, (self.get(n.id) ?? 0) + d); }
const byUrl = new Map(), byFn = new Map();
for (const [id, t] of self) { const n = byId.get(id); const f = n.callFrame; const u = (f.url.split('/').pop() || '(' + f.functionName + ')'); byUrl.set(u, (byUrl.get(u) ?? 0) + t); const k = `${f.functionName || '(anon)'} ${u}:${f.lineNumber}:${f.columnNumber}`; byFn.set(k, (byFn.get(k) ?? 0) + t); }
console.log('total ms', (total / 1000).toFixed(0));
for (const [u, t] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log((t / 1000).toFixed(0).padStart(6), u);
console.log('--');
for (const [u, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t / 1000).toFixed(0).padStart(6), u);
