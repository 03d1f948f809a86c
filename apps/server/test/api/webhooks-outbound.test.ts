/**
 * Webhooks cannot reach the server's own network (issue 25 §3, docs/decisions/0027): every host
 * form is refused at registration, a name is resolved (here by an injected resolver: `vm` resolves
 * to 127.0.0.1) at registration and again at each delivery, the connection goes to the checked
 * address with no second look-up, redirects are not followed and answers are cut off.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/modules/jobs';
import { encryptV2 } from '../../src/platform/crypto';
import { checkTarget, postTo, type HostResolver } from '../../src/platform/outbound';
import { BUSINESS_2, TECHFAR, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, type DemoBusiness } from '../money/money';

/** A business's receiver on loopback: /ok answers 200, /big 1 MB, /redirect 302 to /ok, /slow never. */
function receiver() {
  const seen: { path: string; host: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ path: req.url ?? '', host: req.headers.host ?? '' });
      if (req.url === '/big') return res.end(Buffer.alloc(1024 * 1024, 'x'));
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/ok?from=redirect' });
        return res.end();
      }
      if (req.url === '/slow') return; // never answers
      res.end('ok');
    });
  });
  return {
    seen,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The test's DNS: fixed names, and per-name answers that change from one look-up to the next. */
const lookups = new Map<string, number>();
const FIXED: Record<string, string[]> = {
  vm: ['127.0.0.1'],
  localhost: ['127.0.0.1'],
  'example.com': ['93.184.215.14'],
  'mixed.example': ['93.184.215.14', '10.0.0.7'],
  'v6.example': ['2606:4700::1111'],
};
/** First look-up public, every later one loopback (DNS rebinding). */
const REBIND = 'rebind.example';
/** After a reset, the first look-up answers loopback and any later one an unreachable address. */
const FLIP = 'flip.example';
const resolveHost: HostResolver = async (host) => {
  const n = (lookups.get(host) ?? 0) + 1;
  lookups.set(host, n);
  const answer = host === REBIND ? [n === 1 ? '93.184.215.14' : '127.0.0.1'] : host === FLIP ? [n === 1 ? '127.0.0.1' : '10.255.255.1'] : FIXED[host];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let t: TestApp;
let hook: ReturnType<typeof receiver>;
let port: number;
let b2: DemoBusiness;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost });
  hook = receiver();
  port = await hook.listen();
  b2 = await demoBusiness(t, BUSINESS_2);
});
afterAll(async () => {
  await hook.close();
  await t.close();
});

const register = (who: string, body: Record<string, unknown>) =>
  t.call(who, { method: 'POST', url: '/api/notification/webhooks', payload: { Kinds: ['announcement'], ...body } });
const INTERNAL = 'La URL no puede apuntar a una red interna';
const NUMERIC = 'Escribe la IP como cuatro números separados por puntos o usa un nombre de dominio';
const HTTPS = 'La URL debe usar https://';

describe('registration resolves and checks the host', () => {
  it('refuses every internal form, for a business and for staff with AllowLoopback alike', async () => {
    const before = await count(t, 'webhook_endpoints');
    const cases: [string, string, string][] = [
      // [url, business's message, staff-with-AllowLoopback's message]
      [`https://vm:${port}/hook`, INTERNAL, 'ok-loopback'],
      [`http://127.0.0.1:9/`, HTTPS, 'ok-loopback'],
      ['https://[::1]/', INTERNAL, 'ok-loopback'],
      ['https://localhost/', INTERNAL, 'ok-loopback'],
      ['https://2130706433/', NUMERIC, NUMERIC],
      ['https://0x7f000001/', NUMERIC, NUMERIC],
      ['https://0177.0.0.1/', NUMERIC, NUMERIC],
      ['https://127.1/', NUMERIC, NUMERIC],
      ['https://%31%32%37.0.0.1/', NUMERIC, NUMERIC],
      ['https://[::ffff:127.0.0.1]/', INTERNAL, INTERNAL],
      ['https://10.1.2.3/', INTERNAL, INTERNAL],
      ['https://172.16.0.1/', INTERNAL, INTERNAL],
      ['https://192.168.1.1/', INTERNAL, INTERNAL],
      ['https://100.64.0.1/', INTERNAL, INTERNAL],
      ['https://169.254.169.254/latest/meta-data', INTERNAL, INTERNAL],
      ['https://[fe80::1]/', INTERNAL, INTERNAL],
      ['https://[fc00::1]/', INTERNAL, INTERNAL],
      ['https://[fd12:3456::1]/', INTERNAL, INTERNAL],
      ['https://224.0.0.1/', INTERNAL, INTERNAL],
      ['https://[ff02::1]/', INTERNAL, INTERNAL],
      ['https://0.0.0.0/', INTERNAL, INTERNAL],
      ['https://[::]/', INTERNAL, INTERNAL],
      ['https://mixed.example/', INTERNAL, INTERNAL],
      ['https://nadie.example/', 'No se encontró el servidor de la URL', 'No se encontró el servidor de la URL'],
      ['https://user:pw@example.com/', 'La URL no debe llevar usuario ni contraseña', 'La URL no debe llevar usuario ni contraseña'],
    ];
    for (const [Url, business, staff] of cases) {
      const asBusiness = await register(BUSINESS_2, { Url });
      expect([Url, asBusiness.statusCode, asBusiness.json().message]).toEqual([Url, 400, business]);
      if (staff === 'ok-loopback') continue;
      const asStaff = await register(TECHFAR, { Url, BusinessId: b2.id, AllowLoopback: true });
      expect([Url, asStaff.statusCode, asStaff.json().message]).toEqual([Url, 400, staff]);
    }
    expect(await count(t, 'webhook_endpoints')).toBe(before);
  });

  it('accepts a public name (IPv4 or IPv6) and a public address', async () => {
    for (const Url of ['https://example.com/hook', 'https://v6.example/hook', 'https://93.184.215.14/hook', 'https://[2606:4700::1111]/hook']) {
      const res = await register(BUSINESS_2, { Url });
      expect([Url, res.statusCode]).toEqual([Url, 200]);
      await t.call(BUSINESS_2, { method: 'POST', url: `/api/notification/webhooks/delete/${res.json().data.v_uid}` });
    }
  });

  it('an edit of the URL is checked the same way', async () => {
    const res = await register(BUSINESS_2, { Url: 'https://example.com/edit' });
    const id = res.json().data.v_uid;
    const edit = await t.call(BUSINESS_2, { method: 'PUT', url: `/api/notification/webhooks/${id}`, payload: { Url: 'https://0x7f000001/' } });
    expect(edit.json().message).toBe(NUMERIC);
    expect((await t.call(BUSINESS_2, { method: 'PUT', url: `/api/notification/webhooks/${id}`, payload: { Url: `https://vm/` } })).json().message).toBe(
      INTERNAL,
    );
    await t.call(BUSINESS_2, { method: 'POST', url: `/api/notification/webhooks/delete/${id}` });
  });
});

describe('delivery', () => {
  const endpoints: string[] = [];
  const add = async (body: Record<string, unknown>) => {
    const res = await register(TECHFAR, { BusinessId: b2.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    endpoints.push(res.json().data.v_uid);
    return res.json().data.v_uid as string;
  };
  const lastDelivery = async (id: string) =>
    (await t.call(BUSINESS_2, { method: 'GET', url: `/api/notification/webhooks/${id}/deliveries` })).json().data.items[0];
  const announce = async (Title: string) => {
    await t.call(TECHFAR, { method: 'POST', url: '/api/notification/action/announce', payload: { Audience: 'business', BusinessId: b2.id, Title, Text: 'x' } });
    await runDueJobs(t.database.db, new Date(), { kinds: ['webhook.deliver'] });
  };
  const pause = async () => {
    for (const id of endpoints.splice(0)) await t.call(TECHFAR, { method: 'POST', url: `/api/notification/webhooks/delete/${id}` });
  };

  it('resolves again at each attempt and connects to the checked address: no second look-up', async () => {
    const id = await add({ Url: `http://${FLIP}:${port}/ok`, AllowLoopback: true });
    lookups.set(FLIP, 0);
    const seen = hook.seen.length;
    await announce('Sin segunda consulta');
    // One look-up for the attempt (answering 127.0.0.1); a second one would have answered 10.255.255.1.
    expect(lookups.get(FLIP)).toBe(1);
    expect(hook.seen.slice(seen)).toEqual([{ path: '/ok', host: `${FLIP}:${port}` }]);
    expect(await lastDelivery(id)).toMatchObject({ Status: 'entregado', LastCode: 200 });
    await pause();
  });

  it('a name that resolved to a public address at registration and to loopback now is not called', async () => {
    const res = await register(BUSINESS_2, { Url: `https://${REBIND}/hook` });
    expect(res.statusCode, res.body).toBe(200);
    endpoints.push(res.json().data.v_uid);
    const seen = hook.seen.length;
    await announce('Cambio de DNS');
    expect(hook.seen.length).toBe(seen);
    expect(await lastDelivery(res.json().data.v_uid)).toMatchObject({ Status: 'pendiente', LastCode: null, LastError: INTERNAL });
    await pause();
  });

  it('does not follow a redirect', async () => {
    const id = await add({ Url: `http://vm:${port}/redirect`, AllowLoopback: true });
    const seen = hook.seen.length;
    await announce('Redirección');
    expect(hook.seen.slice(seen).map((s) => s.path)).toEqual(['/redirect']);
    expect(await lastDelivery(id)).toMatchObject({ Status: 'pendiente', LastCode: 302, LastError: 'Respuesta HTTP 302' });
    await pause();
  });

  it('reads at most 64 KB of an answer', async () => {
    const id = await add({ Url: `http://vm:${port}/big`, AllowLoopback: true });
    await announce('Respuesta grande');
    expect(await lastDelivery(id)).toMatchObject({ Status: 'entregado', LastCode: 200 });
    const target = await checkTarget(`http://vm:${port}/big`, { resolve: resolveHost, allowLoopback: true });
    expect(await postTo(target, '{}', {})).toMatchObject({ status: 200, bytes: 64 * 1024, truncated: true });
    await pause();
  });

  it('gives up on an answer that does not come within the time limit', async () => {
    const target = await checkTarget(`http://vm:${port}/slow`, { resolve: resolveHost, allowLoopback: true });
    await expect(postTo(target, '{}', {}, { timeoutMs: 200, maxBytes: 1024 })).rejects.toThrow('Tiempo de espera agotado');
  });
});

describe('production', () => {
  it('has no loopback allowance, at registration or at delivery', async () => {
    const prod = await createTestApp({ env: 'production' }, { resolveHost });
    try {
      const business = await demoBusiness(prod, BUSINESS_2);
      const res = await prod.call(TECHFAR, {
        method: 'POST',
        url: '/api/notification/webhooks',
        payload: { BusinessId: business.id, Url: `http://127.0.0.1:${port}/ok`, Kinds: ['announcement'], AllowLoopback: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('En producción no se permite http a la red local');
      // An endpoint that was allowed before (a copied database) is refused at delivery.
      await prod.sql(
        `INSERT INTO webhook_endpoints (v_client, v_uid_business, v_url, v_kinds, v_secret, b_allow_loopback) SELECT v_client, v_uid, $1, '["announcement"]', $2, true FROM businesses WHERE v_uid = $3`,
        [`http://vm:${port}/ok`, encryptV2(prod.config.envelopeKey, 'whsec_prueba'), business.id],
      );
      const seen = hook.seen.length;
      await prod.call(TECHFAR, {
        method: 'POST',
        url: '/api/notification/action/announce',
        payload: { Audience: 'business', BusinessId: business.id, Title: 'Producción', Text: 'x' },
      });
      await runDueJobs(prod.database.db, new Date(), { kinds: ['webhook.deliver'] });
      expect(hook.seen.length).toBe(seen);
      const [row] = await prod.sql<{ v_last_error: string }>(`SELECT v_last_error FROM webhook_deliveries ORDER BY d_create_at DESC LIMIT 1`);
      expect(row?.v_last_error).toBe(HTTPS);
    } finally {
      await prod.close();
    }
  });
});
