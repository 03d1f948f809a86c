import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const base = { FAR_DATA_DIR: '/tmp/far-config-test' };

describe('loadConfig', () => {
  it('refuses to start in production without ENVELOPE_KEY and a JWT secret', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow('En producción se requieren ENVELOPE_KEY y JWT_SECRET');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/ENVELOPE_KEY/);
  });

  it('seeds demo data only on the embedded default or when asked', () => {
    expect(loadConfig({ ...base }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@localhost/db', FAR_DEMO: '1' }).seedDemo).toBe(true);
    const prod = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENVELOPE_KEY: 'a'.repeat(64) };
    expect(loadConfig(prod).seedDemo).toBe(false);
  });

  it('treats empty variables as unset and trusts no proxy by default', () => {
    const c = loadConfig({ ...base, DATABASE_URL: '', TRUST_PROXY: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('refuses an envelope key that is not 32 bytes', () => {
    expect(() => loadConfig({ ...base, ENVELOPE_KEY: 'abcd' })).toThrow(/32 bytes/);
  });
});
