import { ERROR_MESSAGES } from '@far/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answer } from '../test/render';
import { DEFAULT_TIMEOUT_MS, apiRequest, decodeBase64, encodeBase64, restoreSession } from './api-client';
import { SESSION_EXPIRED_MESSAGE, session } from './session';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

const call = (i: number) => {
  const c = fetchMock.mock.calls[i];
  if (!c) throw new Error(`fetch call ${i} not made`);
  const [url, init = {}] = c;
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string>, body: init.body };
};

const tokens = (access: string, refresh: string) => ({
  AllowAccess: true,
  AvailableAtempts: 5,
  DenialReason: null,
  RoleId: 'role',
  ExpiresIn: 3600,
  AccessToken: access,
  IdToken: null,
  RefreshToken: refresh,
  MustChangePassword: false,
});

/** A fetch that only settles when its signal aborts (a server that never answers). */
const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  session.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
});

describe('apiRequest: the pair', () => {
  it('hands back [data, null] and never throws', async () => {
    fetchMock.mockResolvedValueOnce(answer({ id: 7 }));
    const result = await apiRequest<{ id: number }>('GET', '/api/v1/thing');
    expect(result).toEqual([{ id: 7 }, null]);
  });

  it('hands back [null, error] with the server text, code and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(null, 400, {
        ErrorCode: 'VALIDATION',
        message: 'Los datos enviados no son válidos',
        errors: [{ field: 'Email', key: 'email', message: 'Correo electrónico no válido' }],
      }),
    );
    const [data, error] = await apiRequest('POST', '/api/v1/thing', { body: { Email: 'x' } });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Los datos enviados no son válidos' });
    expect(error?.fieldErrors).toEqual([{ field: 'Email', key: 'email', message: 'Correo electrónico no válido' }]);
  });

  it('reads the error text from the spec §8 fields (errorDescrpition)', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ IsSuccess: false, errorDescrpition: 'The payment day needs to be a future date' }), { status: 422 }),
    );
    const [, error] = await apiRequest('POST', '/api/v1/thing');
    expect(error?.message).toBe('The payment day needs to be a future date');
  });

  it('treats success:false on a 200 as an error', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, IsSuccess: false, data: null, message: 'Todas las transacciones fallaron' }), { status: 200 }),
    );
    const [, error] = await apiRequest('POST', '/api/v1/thing');
    expect(error?.message).toBe('Todas las transacciones fallaron');
  });

  it('turns a network failure into an error pair', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const [data, error] = await apiRequest('GET', '/api/v1/thing');
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('sends query values and skips empty ones', async () => {
    fetchMock.mockResolvedValueOnce(answer([]));
    await apiRequest('GET', '/api/v1/logs', { query: { kind: 'activity', page: 2, search: '', section: undefined } });
    expect(call(0).url).toBe('/api/v1/logs?kind=activity&page=2');
  });
});

describe('apiRequest: schema', () => {
  it('parses data with the schema', async () => {
    fetchMock.mockResolvedValueOnce(answer({ id: 7, extra: true }));
    const [data] = await apiRequest('GET', '/api/v1/thing', { schema: z.object({ id: z.number() }) });
    expect(data).toEqual({ id: 7 });
  });

  it('answers the spec message when data does not match the model', async () => {
    fetchMock.mockResolvedValueOnce(answer({ id: 'seven' }));
    const [data, error] = await apiRequest('GET', '/api/v1/thing', { schema: z.object({ id: z.number() }) });
    expect(data).toBeNull();
    expect(error?.code).toBe('RESPONSE_FORMAT');
    expect(error?.message).toBe('Error: El formato de la respuesta no coincide con el modelo requerido');
    expect(error?.message).toBe(ERROR_MESSAGES.RESPONSE_FORMAT);
  });
});

describe('apiRequest: time-out', () => {
  it('gives up after 30000 ms by default', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hanging);
    const pending = apiRequest('GET', '/api/v1/slow');
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const [data, error] = await pending;
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(DEFAULT_TIMEOUT_MS).toBe(30000);
  });

  it('takes the time-out per call', async () => {
    fetchMock.mockImplementation(hanging);
    const [, error] = await apiRequest('GET', '/api/v1/slow', { timeoutMs: 20 });
    expect(error?.code).toBe('TIMEOUT');
  });

  it('takes the time-out from an X-Timeout header, which is not sent on', async () => {
    fetchMock.mockImplementation(hanging);
    const started = Date.now();
    const [, error] = await apiRequest('GET', '/api/v1/slow', { headers: { 'X-Timeout': '25' }, timeoutMs: 10_000 });
    expect(error?.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(Object.keys(call(0).headers).map((h) => h.toLowerCase())).not.toContain('x-timeout');
  });
});

describe('apiRequest: session', () => {
  it('sends the access token as a bearer', async () => {
    session.start(tokens('access-1', 'refresh-1'));
    fetchMock.mockResolvedValueOnce(answer({}));
    await apiRequest('GET', '/api/v1/account/me');
    expect(call(0).headers['Authorization']).toBe('Bearer access-1');
  });

  it('keeps no token in JavaScript storage, only a hint that a session exists', () => {
    session.start(tokens('access-1', 'refresh-secret'));
    expect(sessionStorage.length).toBe(0);
    const stored = Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '');
    expect(stored).toHaveLength(1);
    expect(stored.join()).not.toContain('refresh-secret');
    expect(stored.join()).not.toContain('access-1');
    expect(session.mayRestore()).toBe(true);
  });

  it('on 401 refreshes once and retries with the new token', async () => {
    session.start(tokens('old-access', 'refresh-1'));
    fetchMock
      .mockResolvedValueOnce(answer(null, 401, { ErrorCode: 'UNAUTHORIZED', message: 'Sesión no válida' }))
      .mockResolvedValueOnce(answer(tokens('new-access', 'refresh-2')))
      .mockResolvedValueOnce(answer({ ok: true }));

    const [data, error] = await apiRequest('GET', '/api/v1/account/me');

    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(call(1).url).toBe('/api/v1/account/Token/Refresh');
    // The refresh token goes in its httpOnly cookie, which the browser adds; JavaScript never has it.
    expect(JSON.parse(String(call(1).body))).toEqual({});
    expect(call(1).headers['Authorization']).toBeUndefined();
    expect(call(2).headers['Authorization']).toBe('Bearer new-access');
  });

  it('shares one refresh between calls that fail together', async () => {
    session.start(tokens('old-access', 'refresh-1'));
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const auth = (init?.headers as Record<string, string> | undefined)?.['Authorization'];
      if (url.endsWith('/Token/Refresh')) return answer(tokens('new-access', 'refresh-2'));
      return auth === 'Bearer new-access' ? answer({ url }) : answer(null, 401, { ErrorCode: 'UNAUTHORIZED' });
    });
    const results = await Promise.all([apiRequest('GET', '/api/a'), apiRequest('GET', '/api/b')]);
    expect(results.map(([d]) => d)).toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/Token/Refresh'))).toHaveLength(1);
  });

  it('when the refresh fails, ends the session and asks to sign in again', async () => {
    session.start(tokens('old-access', 'refresh-1'));
    const expired = vi.fn();
    const off = session.onExpired(expired);
    fetchMock.mockResolvedValueOnce(answer(null, 401, { ErrorCode: 'UNAUTHORIZED' })).mockResolvedValueOnce(answer(null, 401, { ErrorCode: 'UNAUTHORIZED' }));

    const [data, error] = await apiRequest('GET', '/api/v1/account/me');
    off();

    expect(data).toBeNull();
    expect(error?.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(expired).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Tu sesión expiró. Inicia sesión de nuevo.');
    expect(session.get().status).toBe('anonymous');
    expect(session.mayRestore()).toBe(false);
  });

  it('does not refresh for calls made without a session (sign-in)', async () => {
    fetchMock.mockResolvedValueOnce(answer({ AllowAccess: false }, 401, { ErrorCode: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos' }));
    const [, error] = await apiRequest('POST', '/api/v1/account/Signin', { body: {}, auth: false });
    expect(error?.message).toBe('Correo o contraseña incorrectos');
    expect(error?.data).toEqual({ AllowAccess: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('restores a session from the refresh cookie on load', async () => {
    session.start(tokens('a', 'refresh-1'));
    // A reload (or a new tab) loses the access token; the browser still holds the cookie.
    session.settleAnonymous();
    fetchMock.mockResolvedValueOnce(answer(tokens('restored', 'refresh-2')));
    await expect(restoreSession()).resolves.toBe(true);
    expect(session.get()).toMatchObject({ status: 'authenticated', accessToken: 'restored' });
  });
});

describe('apiRequest: envelopes', () => {
  it('base64: sends { Data } with X-Encryption and opens the enveloped answer', async () => {
    const inner = { success: true, IsSuccess: true, data: { Valid: true, nombre: 'Peña' }, status: { code: 200, message: 'OK' } };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ Data: encodeBase64(JSON.stringify(inner)) }), { status: 200 }));

    const [data, error] = await apiRequest('POST', '/api/v1/thing', { body: { Code: '123456', nombre: 'Peña' }, envelope: 'base64' });

    expect(error).toBeNull();
    expect(data).toEqual({ Valid: true, nombre: 'Peña' });
    const sent = JSON.parse(String(call(0).body)) as { Data: string };
    expect(Object.keys(sent)).toEqual(['Data']);
    expect(JSON.parse(decodeBase64(sent.Data))).toEqual({ Code: '123456', nombre: 'Peña' });
    expect(call(0).headers['X-Encryption']).toBe('base64');
  });

  it('security calls use base64 by default', async () => {
    fetchMock.mockResolvedValueOnce(answer({ Valid: true }));
    await apiRequest('POST', '/api/v1/security/verify', { body: { Operation: 'pin', Code: '123456' } });
    expect(call(0).headers['X-Encryption']).toBe('base64');
    expect(JSON.parse(decodeBase64((JSON.parse(String(call(0).body)) as { Data: string }).Data))).toEqual({ Operation: 'pin', Code: '123456' });
  });

  it('base64 on a GET sends the payload as the one query parameter Data', async () => {
    fetchMock.mockResolvedValueOnce(answer([]));
    await apiRequest('GET', '/api/notification/query/get-all', { query: { page: 1 } });
    const url = new URL(call(0).url, 'http://x');
    expect([...url.searchParams.keys()]).toEqual(['Data']);
    expect(JSON.parse(decodeBase64(url.searchParams.get('Data') ?? ''))).toEqual({ page: 1 });
  });

  it('v2: encrypts through the internal service, sends the envelope and decrypts the answer', async () => {
    session.start(tokens('access-1', 'refresh-1'));
    fetchMock
      .mockResolvedValueOnce(answer({ Data: 'CIPHER-REQUEST' }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ Data: 'CIPHER-ANSWER' }), { status: 200 }))
      .mockResolvedValueOnce(answer({ success: true, IsSuccess: true, data: { Affected: 2 }, status: { code: 200, message: 'OK' } }));

    const [data, error] = await apiRequest('POST', '/api/v1/rbac/bulk', { body: { Action: 'activar', Uids: ['a', 'b'] }, envelope: 'v2' });

    expect(error).toBeNull();
    expect(data).toEqual({ Affected: 2 });
    expect(call(0).url).toBe('/api/internal/encrypt/v2');
    expect(JSON.parse(String(call(0).body))).toEqual({ Action: 'activar', Uids: ['a', 'b'] });
    expect(call(1).url).toBe('/api/v1/rbac/bulk');
    expect(JSON.parse(String(call(1).body))).toEqual({ Data: 'CIPHER-REQUEST' });
    expect(call(1).headers['X-Encryption']).toBe('v2');
    expect(call(2).url).toBe('/api/internal/decrypt/v2');
    expect(JSON.parse(String(call(2).body))).toEqual({ Data: 'CIPHER-ANSWER' });
  });

  it('plain calls send plain JSON without X-Encryption', async () => {
    fetchMock.mockResolvedValueOnce(answer({}));
    await apiRequest('POST', '/api/v1/rbac/roles', { body: { Page: 1 } });
    expect(JSON.parse(String(call(0).body))).toEqual({ Page: 1 });
    expect(call(0).headers['X-Encryption']).toBeUndefined();
  });
});
