/**
 * The typed client of the FAR Portal API (docs/api.md «Integración», decision 0032).
 *
 * `schema.ts` is generated from the OpenAPI document the server serves (`npm run client:generate`);
 * a route renamed on the server changes it, and every call to the old path stops compiling.
 *
 * A business's system uses `createFarClient` (openapi-fetch with its API key); the web app uses the
 * same `paths` over its own transport (apps/web/src/lib/api.ts).
 */
import createClient, { defaultPathSerializer, type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `M` (a method a route lacks is `never` in the generated types). */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, infer Op> ? ([Op] extends [never] ? never : Op extends undefined ? never : P) : never;
}[keyof paths];

/** One operation: its parameters, request body and answers. */
export type Operation<M extends Method, P extends PathsWith<M>> = paths[P][M];

type JsonOf<C> = C extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation takes (never when it takes none, or takes a form). */
export type BodyOf<Op> = Op extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;

/** The `data` of an operation's successful answer (the server wraps every answer in `{ success, data, … }`). */
export type DataOf<Op> = Op extends { responses: { 200: infer R } } ? (JsonOf<R> extends { data: infer D } ? D : JsonOf<R>) : unknown;

/** `path` and `query` parameters, required when the route has any required one. */
export type ParamsOf<Op> = Op extends { parameters: infer Ps }
  ? {
      [K in keyof Ps as K extends 'path' | 'query' ? ([Ps[K]] extends [never | undefined] ? never : K) : never]: Ps[K];
    }
  : never;

export interface FarClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the portal answers, e.g. https://portal.example.mx (no trailing /api). */
  baseUrl: string;
  /** The business's key, `far_sk_…` (POST /api/v1/api-keys returns it once). */
  apiKey: string;
}

/** The client a business's own system uses: every call carries the key as a Bearer token. */
export function createFarClient({ baseUrl, apiKey, headers, ...options }: FarClientOptions): Client<paths> {
  return createClient<paths>({ ...options, baseUrl, headers: { ...(headers as Record<string, string> | undefined), Authorization: `Bearer ${apiKey}` } });
}

/** A new Idempotency-Key for a money call. Keep it and send it again on a retry: the server answers the first result. */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

/** The header every money call needs. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A path with its `{name}` parameters filled in and encoded, as the client writes them. */
export function fillPath(path: string, values?: Record<string, unknown>): string {
  return values ? defaultPathSerializer(path, values) : path;
}
