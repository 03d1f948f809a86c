/**
 * A fake STP inside the test suite: a real HTTP server on 127.0.0.1 (random port) speaking STP's
 * published formats. It verifies each firma over the cadena original with the public key, as STP
 * does, and refuses a bad one with STP's error; keeps orders and accounts; answers the queries of
 * sent and received orders; posts abonos and changes of state to the product; and, on demand, times
 * out (after registering the order, the nasty case), answers 5xx, refuses, or repeats events.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { ACCOUNT_FIELDS, ORDER_FIELDS, cadenaOriginal, verifySignature } from '../../src/modules/stp/cadena';
import { compactDate, mexicoDate } from '../../src/platform/mexico-time';

export interface FakeOrder {
  id: number;
  body: Record<string, unknown>;
  /** The amount exactly as written in the JSON. */
  montoText: string;
  estado: 'L' | 'LQ' | 'D' | 'CN';
  /** STP's operation day of the order (yyyymmdd, Mexico City, when it was registered). */
  fecha: string;
}

export type Trouble = 'timeout' | '5xx' | { refuse: [id: number, descripcion: string] };

export interface FakeStp {
  /** STP_API_URL for the product. */
  url: string;
  empresa: string;
  orders: Map<string, FakeOrder>;
  accounts: Map<string, { body: Record<string, unknown>; persona: string; active: boolean }>;
  /** Every registraOrden call, accepted or not (claveRastreo). */
  registraCalls: string[];
  accountCalls: string[];
  received: Array<Record<string, unknown>>;
  /** What the n-th (1-based) registraOrden / account call meets; unset calls are answered normally. */
  troubleOnOrder: Map<number, Trouble>;
  troubleOnAccount: Map<number, Trouble>;
  /** The day queries (consOrdenesFech) answer 5xx while set. */
  dayQueryDown: boolean;
  /** Where the product listens, for the webhooks. */
  productUrl: string;
  setEstado(
    claveRastreo: string,
    estado: 'LIQUIDACION' | 'DEVOLUCION' | 'CANCELACION',
    opts?: { detalle?: string; spelling?: 'old' | 'new' },
  ): Promise<{ status: number; body: unknown }>;
  postAbono(fields: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const resultado = (res: ServerResponse, body: Record<string, unknown>) => json(res, 200, { resultado: body });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStp(publicKey: KeyObject, opts: { empresa?: string; timeoutMs?: number } = {}): Promise<FakeStp> {
  const empresa = opts.empresa ?? 'TAMIZI';
  let nextId = 9_349_827;
  const fake = {
    empresa,
    orders: new Map<string, FakeOrder>(),
    accounts: new Map(),
    registraCalls: [] as string[],
    accountCalls: [] as string[],
    received: [] as Array<Record<string, unknown>>,
    troubleOnOrder: new Map<number, Trouble>(),
    troubleOnAccount: new Map<number, Trouble>(),
    dayQueryDown: false,
    productUrl: '',
  } as FakeStp;
  const pending = new Set<NodeJS.Timeout>();

  /** Applies a planned trouble; true when the call was answered by it. */
  function trouble(t: Trouble | undefined, res: ServerResponse, afterRegistering: () => void): boolean {
    if (!t) return false;
    if (t === '5xx') json(res, 503, { error: 'Service Unavailable' });
    else if (t === 'timeout') {
      afterRegistering();
      const timer = setTimeout(() => (pending.delete(timer), res.destroyed || json(res, 200, { resultado: { id: 1 } })), (opts.timeoutMs ?? 1000) + 1000);
      pending.add(timer);
    } else resultado(res, { id: t.refuse[0], descripcionError: t.refuse[1] });
    return true;
  }

  async function registra(raw: string, res: ServerResponse) {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const montoText = /"monto":([0-9.]+)/.exec(raw)?.[1] ?? '';
    const clave = String(body.claveRastreo ?? '');
    fake.registraCalls.push(clave);
    const values = { ...body, monto: montoText } as Record<string, string>;
    if (!verifySignature(publicKey, cadenaOriginal(ORDER_FIELDS, values), String(body.firma ?? '')))
      return resultado(res, { id: 0, descripcionError: 'Error validando la firma' });
    if (body.empresa !== empresa) return resultado(res, { id: 0, descripcionError: 'El campo empresa es obligatorio' });
    if (fake.orders.has(clave)) return resultado(res, { id: -1, descripcionError: `La clave de rastreo ${clave} para la fecha de operación ya fue utilizada` });
    const register = () => {
      const id = nextId++;
      fake.orders.set(clave, { id, body, montoText, estado: 'L', fecha: compactDate(mexicoDate(new Date())) });
      return id;
    };
    if (trouble(fake.troubleOnOrder.get(fake.registraCalls.length), res, register)) return;
    resultado(res, { id: register() });
  }

  const queryCadena = (body: Record<string, unknown>) =>
    cadenaOriginal(ORDER_FIELDS, {
      empresa: String(body.empresa),
      fechaOperacion: body.fechaOperacion as string,
      claveRastreo: body.claveRastreo as string,
      institucionOperante: body.claveRastreo ? String(body.institucionOperante) : undefined,
    });

  const asQueried = (o: FakeOrder, fecha: string) => ({
    ...o.body,
    firma: undefined,
    idEF: o.id,
    estado: o.estado,
    fechaOperacion: Number(fecha),
    monto: Number(o.montoText),
  });

  async function query(raw: string, res: ServerResponse, kind: 'rastreo' | 'fecha') {
    const body = JSON.parse(raw) as Record<string, unknown>;
    if (!verifySignature(publicKey, queryCadena(body), String(body.firma ?? '')))
      return resultado(res, { id: 0, descripcionError: 'Error validando la firma' });
    if (kind === 'rastreo') {
      const o = fake.orders.get(String(body.claveRastreo));
      if (!o) return resultado(res, { id: -100, descripcionError: 'No se encontraron datos relacionados' });
      return resultado(res, { id: 1, ordenPago: asQueried(o, String(body.fechaOperacion)) });
    }
    if (fake.dayQueryDown) return json(res, 503, { error: 'Service Unavailable' });
    const fecha = String(body.fechaOperacion);
    const dayOf = (item: Record<string, unknown>) => String(item.FechaOperacion ?? item.fechaOperacion ?? '');
    const lst =
      body.estado === 'E'
        ? [...fake.orders.values()].filter((o) => o.fecha === fecha).map((o) => asQueried(o, fecha))
        : fake.received.filter((item) => dayOf(item) === fecha);
    if (lst.length === 0) return resultado(res, { id: -100, descripcionError: 'No se encontraron datos relacionados' });
    return resultado(res, { id: 1, lst });
  }

  async function account(raw: string, res: ServerResponse, persona: string, method: string) {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const cuenta = String(body.cuenta ?? '');
    fake.accountCalls.push(`${method} ${cuenta}`);
    if (!verifySignature(publicKey, cadenaOriginal(ACCOUNT_FIELDS, body as Record<string, string>), String(body.firma ?? '')))
      return json(res, 200, { id: 0, descripcionError: 'Error validando la firma' });
    if (method === 'DELETE') {
      const a = fake.accounts.get(cuenta);
      if (!a) return json(res, 200, { id: 1, descripcion: 'La cuenta no existe' });
      a.active = false;
      return json(res, 200, { id: 0, descripcion: 'Cuenta dada de baja' });
    }
    if (trouble(fake.troubleOnAccount.get(fake.accountCalls.length), res, () => undefined)) return;
    if (fake.accounts.get(cuenta)?.active) return json(res, 200, { id: 3, descripcion: 'Cuenta Duplicada' });
    fake.accounts.set(cuenta, { body, persona, active: true });
    json(res, 200, { id: 0, descripcion: 'Cuenta en revisión.' });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '').replace(/^\/speiws\/rest/, '');
      try {
        if (req.method === 'PUT' && path === '/ordenPago/registra') return await registra(raw, res);
        if (req.method === 'POST' && path === '/ordenPago/consOrdEnvRastreo') return await query(raw, res, 'rastreo');
        if (req.method === 'POST' && path === '/ordenPago/consOrdenesFech') return await query(raw, res, 'fecha');
        const m = /^\/cuentaModule\/(fisica|moral)$/.exec(path);
        if (m && (req.method === 'PUT' || req.method === 'DELETE')) return await account(raw, res, m[1]!, req.method);
        json(res, 404, { error: 'Not Found' });
      } catch (err) {
        json(res, 400, { error: String(err) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/speiws/rest`;

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${fake.productUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  fake.setEstado = async (claveRastreo, estado, o = {}) => {
    const order = fake.orders.get(claveRastreo);
    if (!order) throw new Error(`fake STP: no order ${claveRastreo}`);
    order.estado = estado === 'LIQUIDACION' ? 'LQ' : estado === 'DEVOLUCION' ? 'D' : 'CN';
    // The older spelling (speid's) and the current one (empresa, folioOrigen, estado, causaDevolucion).
    const body =
      o.spelling === 'new'
        ? {
            id: order.id,
            empresa,
            folioOrigen: claveRastreo,
            estado: estado === 'LIQUIDACION' ? 'Liquidada' : estado === 'DEVOLUCION' ? 'Devuelta' : 'Cancelada',
            causaDevolucion: o.detalle ?? '',
          }
        : { id: order.id, Estado: estado, Detalle: o.detalle ?? '' };
    return post('/api/stp/estado', body);
  };
  fake.postAbono = async (fields) => {
    fake.received.push(fields);
    return post('/api/stp/abonos', fields);
  };
  fake.close = async () => {
    for (const t of pending) clearTimeout(t);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
