import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../test/render';
import { api, apiUrl } from './api';
import { session } from './session';

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  session.start({ AccessToken: 'tok', RefreshToken: 'r', ExpiresIn: 3600 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('the typed client over the transport', () => {
  it('fills and encodes path parameters, sends query and body through apiRequest and gives back [data, error]', async () => {
    fetchMock.mockResolvedValue(answer({ ok: 1 }));
    const [data, error] = await api.PUT('/api/v1/beneficiary/{id}', {
      params: { path: { id: 'a b/c' } },
      body: { v_names: 'Ana' },
      schema: z.object({ ok: z.number() }),
    });
    expect([data, error]).toEqual([{ ok: 1 }, null]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/beneficiary/a%20b%2Fc');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ v_names: 'Ana' });
    expect((init?.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');

    fetchMock.mockResolvedValue(answer([]));
    await api.GET('/api/v1/beneficiary', { params: { query: { v_uid_business: 'b1' } } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/beneficiary?v_uid_business=b1');
  });

  it('an error answer is the transport’s ApiError', async () => {
    fetchMock.mockResolvedValue(answer(null, 404, { message: 'No encontrado', ErrorCode: 'NOT_FOUND' }));
    const [data, error] = await api.GET('/api/v1/account/me');
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No encontrado' });
  });

  it('apiUrl writes the address of a GET route with its query', () => {
    expect(apiUrl('/api/notification/stream', { query: { ticket: 't 1' } })).toBe('/api/notification/stream?ticket=t+1');
    expect(apiUrl('/api/v1/document/{id}/file', { path: { id: 'd1' } })).toBe('/api/v1/document/d1/file');
  });

  it('refuses at compile time a route the server does not have, or the wrong method or parameters', () => {
    // Never sent: the lines below only have to fail `npm run typecheck` if they compiled.
    const never = () => {
      // @ts-expect-error a renamed or removed route
      void api.GET('/api/v1/beneficiaries');
      // @ts-expect-error the route does not answer DELETE
      void api.DELETE('/api/v1/account/me');
      // @ts-expect-error a path parameter the route does not have
      void api.PUT('/api/v1/beneficiary/{id}', { params: { path: { uid: 'x' } } });
    };
    expect(typeof never).toBe('function');
  });
});
