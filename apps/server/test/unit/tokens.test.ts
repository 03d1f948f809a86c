import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../../src/platform/tokens';
import { testConfig } from '../config';

// verifyAccessToken keeps the tokens it has verified: a hit must still be the same token, under
// the same secret, and not expired.
const config = testConfig();
const claims = { sub: '11111111-1111-4111-8111-111111111111', sid: '22222222-2222-4222-8222-222222222222', role: 'r', kind: 'FAR' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies a token, and again from what it remembered', async () => {
    const token = await signAccessToken(config, claims);
    expect(await verifyAccessToken(config, token)).toEqual({ sub: claims.sub, sid: claims.sid });
    expect(await verifyAccessToken(config, token)).toEqual({ sub: claims.sub, sid: claims.sid });
  });

  it('refuses a token changed after a verified one, or signed with another secret', async () => {
    const token = await signAccessToken(config, claims);
    await verifyAccessToken(config, token);
    const [h, body, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: '33333333-3333-4333-8333-333333333333' }),
    ).toString('base64url');
    expect(await verifyAccessToken(config, `${h}.${forged}.${s}`)).toBeNull();
    expect(await verifyAccessToken(config, `${h}.${body}.${s.slice(0, -2)}AA`)).toBeNull();
    const other = testConfig({ jwtSecret: new TextEncoder().encode('another-secret-another-secret-another-0') });
    expect(await verifyAccessToken(other, token)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    const token = await signAccessToken(config, claims);
    expect(await verifyAccessToken(config, token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.parse('2026-11-26T10:00:00Z') + (ACCESS_TTL_SECONDS + 1) * 1000));
    expect(await verifyAccessToken(config, token)).toBeNull();
  });
});
