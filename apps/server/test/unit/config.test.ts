import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { STP_PASSPHRASE, makeStpKeys } from '../stp/keys';

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

describe('SPEI_RAIL=stp', () => {
  const keys = makeStpKeys();
  const stp = {
    ...base,
    SPEI_RAIL: 'stp',
    STP_API_URL: 'https://demo.stpmex.com:7024/speiws/rest/',
    STP_EMPRESA: 'TAMIZI',
    STP_PRIVATE_KEY_FILE: keys.file,
    STP_PRIVATE_KEY_PASSPHRASE: STP_PASSPHRASE,
    STP_CUENTA_ORDENANTE: '646180110400000007',
  };

  it('keeps the sandbox as the default rail and needs nothing of STP then', () => {
    const c = loadConfig({ ...base });
    expect(c.speiRail).toBe('sandbox');
    expect(c.stp).toBeUndefined();
  });

  it('decrypts the key and reads every STP variable', () => {
    const c = loadConfig(stp);
    expect(c.speiRail).toBe('stp');
    expect(c.stp).toMatchObject({
      apiUrl: 'https://demo.stpmex.com:7024/speiws/rest',
      empresa: 'TAMIZI',
      cuentaOrdenante: '646180110400000007',
      timeoutMs: 15000,
    });
    expect(c.stp!.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('stops start-up with a Spanish message naming what is missing', () => {
    expect(() => loadConfig({ ...stp, STP_EMPRESA: '', STP_PRIVATE_KEY_PASSPHRASE: undefined })).toThrow(
      'SPEI_RAIL=stp requiere STP_EMPRESA, STP_PRIVATE_KEY_PASSPHRASE',
    );
    expect(() => loadConfig({ ...stp, STP_CUENTA_ORDENANTE: '646180110400000008' })).toThrow('STP_CUENTA_ORDENANTE no es una CLABE válida');
    expect(() => loadConfig({ ...stp, STP_PRIVATE_KEY_FILE: '/no/existe.pem' })).toThrow(/No se pudo leer la llave privada de STP/);
  });

  it('stops start-up when the key cannot be decrypted with the passphrase', () => {
    expect(() => loadConfig({ ...stp, STP_PRIVATE_KEY_PASSPHRASE: 'otra' })).toThrow(
      'No se pudo descifrar la llave privada de STP con STP_PRIVATE_KEY_PASSPHRASE',
    );
  });

  it('allows loopback by default outside production, nobody in production, and the listed addresses and ranges', () => {
    expect(loadConfig({ ...base }).stpWebhookAllow.check('127.0.0.1', 'ipv4')).toBe(true);
    expect(loadConfig({ ...base }).stpWebhookAllow.check('10.1.2.3', 'ipv4')).toBe(false);
    const prod = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENVELOPE_KEY: 'a'.repeat(64) };
    expect(loadConfig(prod).stpWebhookAllow.check('127.0.0.1', 'ipv4')).toBe(false);
    const listed = loadConfig({ ...base, STP_WEBHOOK_ALLOW: '10.1.0.0/16, 192.168.5.7' }).stpWebhookAllow;
    expect([
      listed.check('10.1.2.3', 'ipv4'),
      listed.check('192.168.5.7', 'ipv4'),
      listed.check('192.168.5.8', 'ipv4'),
      listed.check('127.0.0.1', 'ipv4'),
    ]).toEqual([true, true, false, false]);
    expect(() => loadConfig({ ...base, STP_WEBHOOK_ALLOW: 'stp.mx' })).toThrow('STP_WEBHOOK_ALLOW: «stp.mx» no es una dirección ni un rango CIDR');
  });
});
