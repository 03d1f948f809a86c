import { afterEach, describe, expect, it } from 'vitest';
import { accessTokenWith } from '../test/tokens';
import { session } from './session';

const start = (AccessToken: string) => session.start({ AccessToken, ExpiresIn: 900 });

afterEach(() => session.clear());

describe('session.kind', () => {
  it('reads the client kind from the access token’s payload (base64url, no padding)', () => {
    start(accessTokenWith({ sub: 'u', kind: 'BUS', name: 'Ñandú ?>' }));
    expect(session.kind()).toBe('BUS');
  });

  it('is null without a session, or with a token whose payload is not JSON', () => {
    expect(session.kind()).toBeNull();
    start('h.not-json.s');
    expect(session.kind()).toBeNull();
  });
});
