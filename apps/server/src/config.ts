import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  CARD_BIN: z.string().regex(/^\d{6}$/, 'CARD_BIN debe tener 6 dígitos').default('537800'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('FAR Portal <no-reply@far.mx>'),
  FAR_DEMO: z.enum(['0', '1']).optional(),
  FAR_DEMO_PASSWORD: z.string().default('Demo#2026'),
  FAR_ADMIN_EMAIL: z.string().email().optional(),
  FAR_ADMIN_PASSWORD: z.string().optional(),
  FAR_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  RATE_LIMIT_SIGNIN: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().optional(),
  SPEI_RAIL: z.enum(['sandbox']).default('sandbox'),
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
  /** Sign-in, reset and sign-up calls per minute per IP; half of it per account. */
  rateLimitSignin: number;
  /** Fastify trustProxy: unset trusts no proxy, so X-Forwarded-For cannot fake a client IP. */
  trustProxy: boolean | string[];
  /** The SPEI rail adapter; only the built-in sandbox exists so far. */
  speiRail: 'sandbox';
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
    rateLimitSignin: e.RATE_LIMIT_SIGNIN,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    speiRail: e.SPEI_RAIL,
    speiSandboxDelayMs: e.SPEI_SANDBOX_DELAY_MS,
    jobsPollMs: e.JOBS_POLL_MS,
    fixedHosts: Object.fromEntries((e.FAR_RESOLVE ?? '').split(',').filter(Boolean).map((pair) => pair.split('=').map((v) => v.trim().toLowerCase()) as [string, string])),
  };
}
