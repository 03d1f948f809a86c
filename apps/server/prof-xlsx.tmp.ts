import { Writable } from 'node:stream';
import { streamExport, type ExportColumn } from './src/platform/export';
type R = { at: Date; concept: string; ref: string; key: string; name: string; clabe: string; a: bigint; b: bigint; c: bigint; d: bigint };
const cols: ExportColumn<R>[] = [
  { header: 'Fecha', kind: 'datetime', value: (m) => m.at },
  { header: 'Tipo', kind: 'text', value: () => 'Transferencia SPEI enviada' },
  { header: 'Estatus', kind: 'text', value: () => 'Liquidada' },
  { header: 'Concepto', kind: 'text', value: (m) => m.concept },
  { header: 'Referencia', kind: 'id', value: (m) => m.ref },
  { header: 'Clave de rastreo', kind: 'id', value: (m) => m.key },
  { header: 'Ordenante', kind: 'text', value: () => 'Comercializadora Demo' },
  { header: 'CLABE ordenante', kind: 'id', value: () => '646180249000000019' },
  { header: 'Beneficiario', kind: 'text', value: (m) => m.name },
  { header: 'CLABE beneficiario', kind: 'id', value: (m) => m.clabe },
  { header: 'Importe', kind: 'money', value: (m) => m.a },
  { header: 'Comisión', kind: 'money', value: (m) => m.b },
  { header: 'IVA', kind: 'money', value: (m) => m.c },
  { header: 'Total', kind: 'money', value: (m) => m.d },
  { header: 'Contraparte', kind: 'text', value: (m) => m.name },
];
const N = Number(process.env.N ?? 100_000);
async function* batches() {
  for (let i = 0; i < N; i += 2000) {
    const b: R[] = [];
    for (let g = i; g < Math.min(N, i + 2000); g++) b.push({ at: new Date(Date.now() - g * 60000), concept: 'Pago ' + g, ref: String(g % 9999999).padStart(7, '0'), key: 'BENCHRPT' + g, name: 'Beneficiario ' + g, clabe: String(g).padStart(18, '0'), a: BigInt(1000 + g), b: 500n, c: 80n, d: BigInt(1580 + g) });
    await new Promise((r) => setImmediate(r));
    yield b;
  }
}
const fmt = (process.env.FMT ?? 'xlsx') as 'xlsx' | 'csv';
const t0 = performance.now();
let bytes = 0;
const s = streamExport(fmt, { sheetName: 'Movimientos', columns: cols, batches: batches() });
await new Promise<void>((res, rej) => s.pipe(new Writable({ write(c, _e, cb) { bytes += c.length; cb(); } })).on('finish', res).on('error', rej));
console.log(fmt, N, 'rows', (bytes / 1048576).toFixed(1), 'MB', ((performance.now() - t0) / 1000).toFixed(2), 's', 'rss', (process.memoryUsage().rss / 1048576).toFixed(0), 'MB', 'load', (await import('node:os')).loadavg()[0]!.toFixed(1));
