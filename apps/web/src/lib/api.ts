/**
 * The web app's typed client (decision 0032): every call names a route of the server's OpenAPI
 * document (`@far/client`'s generated `paths`), with its path parameters, query and body checked
 * against it. A route renamed on the server stops `npm run typecheck` here.
 *
 * The transport is `apiRequest` (api-client.ts): the envelope, the session renewal on 401, the
 * time-out and the `[data, error]` pair stay as they were. Path parameters are written by
 * openapi-fetch's own serializer, the one a business's client uses.
 *
 * A path string is written only as the first argument of `api.GET/POST/…` or `apiUrl` (lint).
 */
import { fillPath, type DataOf, type Method, type Operation, type ParamsOf, type PathsWith } from '@far/client';
import { apiRequest, type ApiResult, type HttpMethod, type QueryValue, type TransportOptions } from './api-client';

/** The options of a typed call: the transport's, with `params` and `body` checked against the route. */
export type CallInit<Op, T> = TransportOptions<T> & {
  params?: ParamsOf<Op>;
  /**
   * The body, typed at the call site from the contracts' `z.input` (or a form): the document's
   * body schemas are the validators' output shapes (transforms and defaults applied), stricter than
   * what a caller may send.
   */
  body?: unknown;
};

/** `params` as the transport reads them (their names and types were checked at the call). */
interface LooseParams {
  path?: Record<string, unknown>;
  query?: Record<string, QueryValue>;
}

/** One method of the client: a file answer (`responseType: 'blob'`) is a Blob, any other the route's `data`. */
interface Call<M extends Method> {
  <P extends PathsWith<M>>(path: P, init: CallInit<Operation<M, P>, Blob> & { responseType: 'blob' }): Promise<ApiResult<Blob>>;
  <P extends PathsWith<M>, T = DataOf<Operation<M, P>>>(path: P, init?: CallInit<Operation<M, P>, T>): Promise<ApiResult<T>>;
}

function call<M extends Method>(method: M): Call<M> {
  const send = <T>(path: string, init: TransportOptions<T> & { params?: LooseParams; body?: unknown } = {}): Promise<ApiResult<T>> => {
    const { params, body, ...options } = init;
    return apiRequest<T>(method.toUpperCase() as HttpMethod, fillPath(path, params?.path), { ...options, body, query: params?.query });
  };
  return send as Call<M>;
}

export const api = {
  GET: call('get'),
  POST: call('post'),
  PUT: call('put'),
  PATCH: call('patch'),
  DELETE: call('delete'),
};

/** The address of a GET route, for what the browser fetches itself (an <img>, a link, an EventSource). */
export function apiUrl<P extends PathsWith<'get'>>(path: P, params?: ParamsOf<Operation<'get', P>>): string {
  const { path: values, query } = (params ?? {}) as LooseParams;
  const url = fillPath(path, values);
  const search = new URLSearchParams(Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]])));
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}
