import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { validateClabe } from '@far/contracts';
import { z } from 'zod';

/**
 * The one place that reads process.env (lint forbids it elsewhere). Everything else receives a
 * Config object, so tests build their own without touching the environment.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000), // 0: any free port (tests)
  HOST: z.string().default('0.0.0.0'),
  FAR_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  ENVELOPE_KEY: z.string().optional(),
  CARD_KEY: z.string().optional(),
  CARD_BIN: z
    .string()
    .regex(/^\d{6}$/, 'CARD_BIN debe tener 6 dígitos')
    .default('537800'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('FAR Portal <no-reply@far.mx>'),
  FAR_DEMO: z.enum(['0', '1']).optional(),
  FAR_DEMO_PASSWORD: z.string().default('Demo#2026'),
  FAR_ADMIN_EMAIL: z.string().email().optional(),
  FAR_ADMIN_PASSWORD: z.string().optional(),
  FAR_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  API_KEY_RATE_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_SIGNIN: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().optional(),
  SPEI_RAIL: z.enum(['sandbox', 'stp'], { message: "SPEI_RAIL debe ser 'sandbox' o 'stp'" }).default('sandbox'),
  STP_API_URL: z.string().url('STP_API_URL debe ser una URL').optional(),
  STP_EMPRESA: z.string().optional(),
  STP_PRIVATE_KEY_FILE: z.string().optional(),
  STP_PRIVATE_KEY_PASSPHRASE: z.string().optional(),
  STP_CUENTA_ORDENANTE: z.string().optional(),
  STP_WEBHOOK_ALLOW: z.string().optional(),
  STP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Banxico's CEP service (issue 24 §6); «off» fetches no CEP. */
  CEP_URL: z.union([z.literal('off'), z.string().url('CEP_URL debe ser una URL')]).default('https://www.banxico.org.mx/cep'),
  SPEI_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(3000),
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  FAR_RESOLVE: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  jwtSecret: Uint8Array;
  /** 32-byte AES-256-GCM key of the v2 envelope. */
  envelopeKey: Buffer;
  /** 32-byte AES-256-GCM key of card PAN, CVV and PIN (its own, never the envelope's). */
  cardKey: Buffer;
  /** The BIN (first six digits) of cards generated from the range. */
  cardBin: string;
  smtpUrl?: string;
  smtpFrom: string;
  seedDemo: boolean;
  demoPassword: string;
  adminEmail?: string;
  adminPassword?: string;
  webDist: string;
  logLevel: string;
  /** Requests per minute per IP on the whole API; sign-in and codes have tighter limits. */
  rateLimitMax: number;
  /** Calls per minute of one API key (on top of the per-IP limit). */
  apiKeyRateMax: number;
  /** Sign-in, reset and sign-up calls per minute per IP; half of it per account. */
  rateLimitSignin: number;
  /** Fastify trustProxy: unset trusts no proxy, so X-Forwarded-For cannot fake a client IP. */
  trustProxy: boolean | string[];
  /** The SPEI rail adapter: the built-in sandbox (default) or STP (docs/decisions/0026-stp-rail.md). */
  speiRail: 'sandbox' | 'stp';
  /** STP's connection; present only when speiRail is 'stp'. */
  stp?: StpConfig;
  /** Who may call the STP webhooks (addresses and CIDR ranges of STP_WEBHOOK_ALLOW). */
  stpWebhookAllow: BlockList;
  /** How long after an order is sent the sandbox settles (or returns) it. */
  speiSandboxDelayMs: number;
  /** How often the background job poller looks for due jobs. */
  jobsPollMs: number;
  /**
   * Host names resolved to a fixed address for outbound calls (FAR_RESOLVE="name=address,…", like
   * curl --resolve): local receivers and the e2e server. The address is still checked (0027).
   */
  fixedHosts: Record<string, string>;
}

export interface StpConfig {
  /** Base URL, e.g. https://demo.stpmex.com:7024/speiws/rest (orders go to PUT {apiUrl}/ordenPago/registra). */
  apiUrl: string;
  empresa: string;
  /** The decrypted PKCS#8 key that signs orders and account registrations. */
  privateKey: KeyObject;
  /** The provider's own STP CLABE, which orders are sent from. */
  cuentaOrdenante: string;
  /** How long a call to STP may take before it is left «por confirmar». */
  timeoutMs: number;
  /** The largest answer read from STP (default 16 MB; a day's orders is the largest answer). */
  maxAnswerBytes?: number;
  /** Banxico's CEP service (CEP_URL); unset: no CEP is fetched (tests that do not ask for one). */
  cepUrl?: string;
}

const STP_REQUIRED = ['STP_API_URL', 'STP_EMPRESA', 'STP_PRIVATE_KEY_FILE', 'STP_PRIVATE_KEY_PASSPHRASE', 'STP_CUENTA_ORDENANTE'] as const;

/** SPEI_RAIL=stp: every STP variable present, the CLABE valid and the key decrypted, or start-up stops here. */
function stpConfig(e: z.infer<typeof EnvSchema>): StpConfig {
  const missing = STP_REQUIRED.filter((name) => !e[name]);
  if (missing.length > 0) throw new Error(`SPEI_RAIL=stp requiere ${missing.join(', ')}`);
  if (!validateClabe(e.STP_CUENTA_ORDENANTE!).ok) throw new Error('STP_CUENTA_ORDENANTE no es una CLABE válida');
  let pem: string;
  try {
    pem = readFileSync(e.STP_PRIVATE_KEY_FILE!, 'utf8');
  } catch {
    throw new Error(`No se pudo leer la llave privada de STP (STP_PRIVATE_KEY_FILE=${e.STP_PRIVATE_KEY_FILE})`);
  }
  let privateKey: KeyObject;
  try {
    // STP's files may carry "Bag Attributes" text before the PEM block; the block is what counts.
    const block = pem.slice(Math.max(0, pem.indexOf('-----BEGIN')));
    privateKey = createPrivateKey({ key: block, format: 'pem', passphrase: e.STP_PRIVATE_KEY_PASSPHRASE });
  } catch {
    throw new Error('No se pudo descifrar la llave privada de STP con STP_PRIVATE_KEY_PASSPHRASE (se espera una llave PKCS#8 cifrada en PEM)');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('La llave privada de STP debe ser RSA');
  return {
    apiUrl: e.STP_API_URL!.replace(/\/+$/, ''),
    empresa: e.STP_EMPRESA!,
    privateKey,
    cuentaOrdenante: e.STP_CUENTA_ORDENANTE!,
    timeoutMs: e.STP_TIMEOUT_MS,
    cepUrl: e.CEP_URL === 'off' ? undefined : e.CEP_URL.replace(/\/+$/, ''),
  };
}

/** STP_WEBHOOK_ALLOW: addresses and CIDR ranges; unset means loopback outside production and nobody in production. */
export function webhookAllowList(raw: string | undefined, production: boolean): BlockList {
  const list = new BlockList();
  const entries =
    raw === undefined
      ? production
        ? []
        : ['127.0.0.0/8', '::1/128']
      : raw
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)))
      throw new Error(`STP_WEBHOOK_ALLOW: «${entry}» no es una dirección ni un rango CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

function parseKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('ENVELOPE_KEY debe ser de 32 bytes (64 caracteres hex o base64)');
  return key;
}

/** A secret generated once and kept in the data folder, for the embedded default only. */
function persistedSecret(dataDir: string, name: string): Buffer {
  const file = join(dataDir, name);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (as shells and compose files often pass them).
  const e = EnvSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const dataDir = resolve(e.FAR_DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (production && (!e.JWT_SECRET || !e.ENVELOPE_KEY)) {
    throw new Error('En producción se requieren ENVELOPE_KEY y JWT_SECRET');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : persistedSecret(dataDir, 'jwt.key'),
    envelopeKey: e.ENVELOPE_KEY ? parseKey(e.ENVELOPE_KEY) : persistedSecret(dataDir, 'envelope.key'),
    // Unset: a key generated once in the data folder (set CARD_KEY when several servers share a database).
    cardKey: e.CARD_KEY ? parseKey(e.CARD_KEY) : persistedSecret(dataDir, 'card.key'),
    cardBin: e.CARD_BIN,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    // Demo users only on the embedded default (no DATABASE_URL, not production) or when asked.
    seedDemo: e.FAR_DEMO === '1' || (!production && !e.DATABASE_URL && e.FAR_DEMO !== '0'),
    demoPassword: e.FAR_DEMO_PASSWORD,
    adminEmail: e.FAR_ADMIN_EMAIL,
    adminPassword: e.FAR_ADMIN_PASSWORD,
    webDist: resolve(e.FAR_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    apiKeyRateMax: e.API_KEY_RATE_MAX,
    rateLimitSignin: e.RATE_LIMIT_SIGNIN,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    speiRail: e.SPEI_RAIL,
    stp: e.SPEI_RAIL === 'stp' ? stpConfig(e) : undefined,
    stpWebhookAllow: webhookAllowList(e.STP_WEBHOOK_ALLOW, production),
    speiSandboxDelayMs: e.SPEI_SANDBOX_DELAY_MS,
    jobsPollMs: e.JOBS_POLL_MS,
    fixedHosts: Object.fromEntries(
      (e.FAR_RESOLVE ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split('=').map((v) => v.trim().toLowerCase()) as [string, string]),
    ),
  };
}
