/**
 * Calls to URLs that customers give us (webhooks). The host is resolved once, every address is
 * checked, and the connection goes to the address that was checked (the socket's lookup answers
 * with it), so a name cannot resolve to a public address for the check and to our own network
 * for the connection (DNS rebinding). Redirects are never followed; an answer is read up to
 * 64 KB and 10 s. docs/decisions/0027.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address a host name resolves to (tests inject their own). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/** The system resolver, after a fixed map of names (FAR_RESOLVE, like curl --resolve). */
export function hostResolver(fixed: Record<string, string> = {}): HostResolver {
  return async (host) => {
    const pinned = fixed[host.toLowerCase()];
    if (pinned) return [{ address: pinned, family: ipaddr.parse(pinned).kind() === 'ipv4' ? 4 : 6 }];
    const found = await dnsLookup(host, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  };
}

/** Why a URL may not be called; the message is the Spanish one shown to people. */
export class OutboundRefused extends Error {}

export interface OutboundPolicy {
  resolve: HostResolver;
  /** http:// to loopback addresses (127.0.0.0/8, ::1) only; never in production. */
  allowLoopback: boolean;
}

/** A URL whose host was resolved and checked, with the address to connect to. */
export interface CheckedTarget {
  url: URL;
  address: ResolvedAddress;
}

/** The host as written in the URL (new URL() turns 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1). */
function writtenHost(raw: string): string {
  const authority =
    raw
      .trim()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .split(/[/?#\\]/)[0] ?? '';
  return authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .toLowerCase();
}

/** Only globally routable unicast addresses; loopback too when allowed. IPv4-mapped IPv6 is refused as such. */
const allowedAddress = (address: string, allowLoopback: boolean) => {
  const range = ipaddr.parse(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
};

/**
 * Resolves and checks a URL; throws OutboundRefused with the reason. Every resolved address must
 * be allowed (not just the first), and the first is the one to connect to.
 */
export async function checkTarget(raw: string, policy: OutboundPolicy): Promise<CheckedTarget> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) throw new OutboundRefused('La URL debe usar https://');
  if (url.username || url.password) throw new OutboundRefused('La URL no debe llevar usuario ni contraseña');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    const v4 = ipaddr.parse(host).kind() === 'ipv4';
    // Decimal, octal, hexadecimal and short forms: only the usual four decimal numbers are accepted.
    if (v4 && !ipaddr.IPv4.isValidFourPartDecimal(writtenHost(raw)))
      throw new OutboundRefused('Escribe la IP como cuatro números separados por puntos o usa un nombre de dominio');
    addresses = [{ address: host, family: v4 ? 4 : 6 }];
  } else {
    addresses = await policy.resolve(host).catch(() => []);
  }
  // http:// only to loopback (allowed outside production): anything else is told to use https first.
  if (url.protocol === 'http:' && !(addresses.length > 0 && addresses.every((a) => ipaddr.parse(a.address).range() === 'loopback')))
    throw new OutboundRefused('La URL debe usar https://');
  if (addresses.length === 0) throw new OutboundRefused('No se encontró el servidor de la URL');
  if (!addresses.every((a) => allowedAddress(a.address, policy.allowLoopback))) throw new OutboundRefused('La URL no puede apuntar a una red interna');
  return { url, address: addresses[0]! };
}

/** The socket's look-up answers with the checked address: no second resolution. */
const pinnedLookup = (a: ResolvedAddress): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
    options?.all ? callback(null, [a]) : callback(null, a.address, a.family)) as unknown as LookupFunction;

export interface OutboundLimits {
  timeoutMs: number;
  maxBytes: number;
}
export const OUTBOUND_LIMITS: OutboundLimits = { timeoutMs: 10_000, maxBytes: 64 * 1024 };

export interface OutboundAnswer {
  status: number;
  /** Bytes read of the answer (at most maxBytes: the rest is not read). */
  bytes: number;
  truncated: boolean;
  /** The answer's bytes read (the business's authorisation decision is read from it). */
  body: Buffer;
}

/**
 * Kept-alive connections for calls on the hot path (a purchase asking the business). An agent is
 * per scheme, host, port AND checked address: a reused socket always goes to an address that was
 * checked for that host, so reuse cannot skip the rebinding check. Bounded: cleared when full.
 */
const keptAgents = new Map<string, http.Agent>();
const MAX_KEPT_AGENTS = 500;
function keptAgent(target: CheckedTarget): http.Agent {
  const key = `${target.url.protocol}//${target.url.host}@${target.address.address}`;
  let agent = keptAgents.get(key);
  if (!agent) {
    if (keptAgents.size >= MAX_KEPT_AGENTS) {
      for (const a of keptAgents.values()) a.destroy();
      keptAgents.clear();
    }
    // Idle sockets close after 4 s: before the usual 5 s of servers, so a reuse does not race their close.
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4_000 };
    agent = target.url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    keptAgents.set(key, agent);
  }
  return agent;
}

/**
 * POSTs to a checked target. Rejects on a network error or after the time-out (message 'Tiempo de
 * espera agotado'). `keepAlive`: reuse connections to the same checked address (keptAgent).
 */
export function postTo(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  limits: OutboundLimits = OUTBOUND_LIMITS,
  opts: { keepAlive?: boolean } = {},
): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const client = target.url.protocol === 'https:' ? https : http;
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target.address),
        agent: opts.keepAlive ? keptAgent(target) : false,
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        const finish = (truncated: boolean) =>
          settle(() => resolve({ status: res.statusCode ?? 0, bytes, truncated, body: Buffer.concat(chunks).subarray(0, limits.maxBytes) }));
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          chunks.push(chunk);
          if (bytes < limits.maxBytes) return;
          bytes = limits.maxBytes;
          finish(true);
          res.destroy();
        });
        res.on('end', () => finish(false));
        res.on('error', (err) => settle(() => reject(err)));
      },
    );
    const timer = setTimeout(() => {
      settle(() => reject(new Error('Tiempo de espera agotado')));
      req.destroy();
    }, limits.timeoutMs);
    req.on('error', (err) => settle(() => reject(err)));
    req.end(body);
  });
}

/** Network failures as a person reads them in a delivery log: the system's codes (ECONNREFUSED…) are not Spanish. */
const FAILURES: Record<string, string> = {
  ECONNREFUSED: 'El servidor rechazó la conexión',
  ECONNRESET: 'El servidor cortó la conexión',
  EPIPE: 'El servidor cortó la conexión',
  ETIMEDOUT: 'Tiempo de espera agotado',
  ENOTFOUND: 'El nombre del servidor no existe',
  EAI_AGAIN: 'No fue posible resolver el nombre del servidor',
  EHOSTUNREACH: 'El servidor no es alcanzable',
  ENETUNREACH: 'El servidor no es alcanzable',
  CERT_HAS_EXPIRED: 'El certificado del servidor venció',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'El certificado del servidor no es de confianza',
  SELF_SIGNED_CERT_IN_CHAIN: 'El certificado del servidor no es de confianza',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'El certificado del servidor no es de confianza',
  ERR_TLS_CERT_ALTNAME_INVALID: 'El certificado no corresponde al servidor',
};

/** The Spanish reason an outbound call failed (a refusal keeps its own message). */
export function outboundFailure(err: unknown): string {
  if (err instanceof OutboundRefused) return err.message;
  const code = (err as { code?: string }).code;
  if (code && FAILURES[code]) return FAILURES[code];
  if ((err as Error).message === 'Tiempo de espera agotado') return 'Tiempo de espera agotado';
  return 'No fue posible conectar con el servidor';
}

// ---- services the operator configures (CEP_URL) --------------------------------------------------------

export interface ServiceAnswer {
  status: number;
  contentType: string;
  /** Set-Cookie values, for a service that keeps a session between calls (Banxico's CEP). */
  cookies: string[];
  body: Buffer;
}

/** An answer longer than the call's `maxBytes` (it is not read further). */
export class AnswerTooLarge extends Error {}

/**
 * A call to a service whose URL comes from the operator's configuration, not from a customer, so
 * no address check: redirects are not followed, the answer is read up to `maxBytes` (more rejects
 * with AnswerTooLarge) and the whole call is bounded by `timeoutMs`. Rejects on a network error or
 * time-out; serviceFailure words each for a person.
 */
export async function callService(
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; headers?: Record<string, string>; body?: string },
  limits: OutboundLimits,
): Promise<ServiceAnswer> {
  const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(limits.timeoutMs) });
  const chunks: Buffer[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
    bytes += part.value.length;
    if (bytes > limits.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(`La respuesta de ${new URL(url).host} excede ${limits.maxBytes} bytes`);
    }
    chunks.push(Buffer.from(part.value));
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', cookies: res.headers.getSetCookie(), body: Buffer.concat(chunks) };
}

/** Why a callService call failed, in Spanish, naming the service ('STP', 'Banxico'). */
export function serviceFailure(err: unknown, service: string): string {
  if (err instanceof AnswerTooLarge) return `${service} respondió algo demasiado grande`;
  const name = (err as Error).name;
  return name === 'TimeoutError' || name === 'AbortError' ? `${service} no respondió a tiempo` : `No hubo conexión con ${service}`;
}
