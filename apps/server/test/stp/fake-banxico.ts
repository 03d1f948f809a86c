/**
 * A fake of Banxico's public CEP service inside the test suite, speaking the formats
 * cuenca-mx/cep-python documents: POST /cep/valida.do (a form: tipoCriterio, fecha dd-mm-aaaa,
 * criterio, emisor, receptor, cuenta, monto, receptorParticipante, captcha, tipoConsulta) answers
 * an HTML page — the payment not found, found without its CEP yet, or the download links with a
 * session cookie — and GET /cep/descarga.do?formato=XML|PDF serves the CEP to that session only.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PaymentState = 'unknown' | 'no_cep' | 'ready';

export interface FakeBanxico {
  /** CEP_URL for the product. */
  url: string;
  /** Per tracking key; unset keys are unknown to Banxico. */
  payments: Map<string, PaymentState>;
  /** Every valida.do form received. */
  forms: Array<Record<string, string>>;
  /** Tracking keys whose CEP PDF was served. */
  served: string[];
  /** The next `n` calls answer 500. */
  failNext: number;
  /** The PDF served for a tracking key. */
  pdfOf(clave: string): Buffer;
  close(): Promise<void>;
}

const page = (body: string) => `\n<div class="bg-banxico title-bar">Descargar CEP</div>\n<div class="generaComprobantes">${body}</div>`;
const NOT_FOUND = page('<p>No se encontró ningún pago con la información proporcionada</p>');
const NO_CEP = page('<p>Con la información proporcionada se identificó el siguiente pago</p><table><tr><td>Estado</td><td>En proceso</td></tr></table>');
const READY = page(
  '<h2>Gracias por utilizar el servicio de descarga de CEP</h2><a href="descarga.do?formato=PDF">PDF</a><a href="descarga.do?formato=XML">XML</a><a href="descarga.do?formato=ZIP">ZIP</a>',
);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeBanxico(): Promise<FakeBanxico> {
  /** Session id → the form that opened it. */
  const sessions = new Map<string, Record<string, string>>();
  let nextSession = 1;
  const fake = {
    payments: new Map<string, PaymentState>(),
    forms: [] as Array<Record<string, string>>,
    served: [] as string[],
    failNext: 0,
    pdfOf: (clave: string) => Buffer.from(`%PDF-1.4\n% CEP Banxico ${clave}\n%%EOF\n`, 'latin1'),
  } as FakeBanxico;

  const xmlOf = (f: Record<string, string>) => {
    const [d, m, y] = f.fecha!.split('-');
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\r\n<SPEI_Tercero FechaOperacion="${y}-${m}-${d}" Hora="10:53:36" ClaveSPEI="${f.receptor}" sello="c2VsbG8=" ` +
      `numeroCertificado="00000100000100014853" cadenaCDA="||1|${d}${m}${y}|${d}${m}${y}|105336|${f.receptor}|STP|Empresa|40|646180110400000007|ND|Banco|Beneficiario|40|${f.cuenta}|ND|PAGO|0.00|${f.monto}|NA||" ` +
      `claveRastreo="${f.criterio}">\r\n    <Beneficiario BancoReceptor="Banco" Nombre="Beneficiario" TipoCuenta="40" Cuenta="${f.cuenta}" RFC="ND" Concepto="PAGO" IVA="0.00" MontoPago="${f.monto}"/>\r\n` +
      `    <Ordenante BancoEmisor="STP" Nombre="Empresa" TipoCuenta="40" Cuenta="646180110400000007" RFC="ND"/>\r\n</SPEI_Tercero>`
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://banxico.test');
      if (fake.failNext > 0) {
        fake.failNext -= 1;
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<html>Error</html>');
      }
      if (req.method === 'POST' && url.pathname === '/cep/valida.do') {
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
          res.writeHead(400);
          return res.end();
        }
        const form = Object.fromEntries(new URLSearchParams(raw));
        fake.forms.push(form);
        const complete =
          form.tipoCriterio === 'T' && /^\d{2}-\d{2}-\d{4}$/.test(form.fecha ?? '') && /^\d{5}$/.test(form.emisor ?? '') && /^\d{5}$/.test(form.receptor ?? '');
        const state = complete ? (fake.payments.get(form.criterio ?? '') ?? 'unknown') : 'unknown';
        const headers: Record<string, string | string[]> = { 'content-type': 'text/html; charset=UTF-8' };
        if (state === 'ready') {
          const id = `S${nextSession++}`;
          sessions.set(id, form);
          headers['set-cookie'] = [`JSESSIONID=${id}; path=/; secure; HttpOnly`, 'TS012f422b=01ab44; Path=/; '];
        }
        res.writeHead(200, headers);
        return res.end(state === 'ready' ? READY : state === 'no_cep' ? NO_CEP : NOT_FOUND);
      }
      if (req.method === 'GET' && url.pathname === '/cep/descarga.do') {
        const id = /JSESSIONID=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
        const form = id ? sessions.get(id) : undefined;
        if (!form) {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(page('<p>La sesión expiró</p>'));
        }
        const formato = url.searchParams.get('formato');
        if (formato === 'XML') {
          res.writeHead(200, { 'content-type': 'application/xml', 'content-disposition': `attachment; filename=CEP-${form.criterio}.xml` });
          return res.end(xmlOf(form));
        }
        if (formato === 'PDF') {
          fake.served.push(form.criterio!);
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(fake.pdfOf(form.criterio!));
        }
      }
      res.writeHead(404);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cep`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
