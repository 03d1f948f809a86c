import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_MESSAGES, FORBIDDEN_TEXT, SPEC_ERROR_DESCRIPTIONS, errorAnswer, type ErrorCode } from '@far/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import type { ReportIncident } from './envelope';

interface ZodIssueLike {
  code?: string;
  message?: string;
  errors?: ZodIssueLike[][];
}

/**
 * A union such as "an e-mail, '' or null" fails as a whole with zod's generic 'Entrada inválida'.
 * The useful message is the rule that failed inside the branch whose type matched (not a type or
 * literal mismatch of the other branches), e.g. 'Correo electrónico no válido'.
 */
function unionRule(issue: ZodIssueLike | undefined): ZodIssueLike | undefined {
  if (issue?.code !== 'invalid_union' || !issue.errors) return undefined;
  return issue.errors.flat().find((i) => i.code !== 'invalid_type' && i.code !== 'invalid_value' && i.code !== 'invalid_union' && i.message);
}

/**
 * Failures raised by Fastify, its parsers and @fastify/multipart (busboy) before a handler runs:
 * each gets its honest status and a Spanish message instead of the library's English text.
 */
const FRAMEWORK: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'PARSE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'PARSE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
  FST_INVALID_JSON_FIELD_ERROR: 'BAD_REQUEST',
  FST_MP_PREMATURE_CLOSE: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
};

/** The status-only fallback, for a 4xx from a plugin we did not list. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT',
  431: 'HEADERS_TOO_LARGE',
};

/** busboy throws plain Errors (no code, no status) for a form it cannot read: the client's fault. */
const MULTIPART_MESSAGES =
  /^(Multipart: Boundary not found|Unsupported content type|Malformed (part )?header|Unexpected end of (form|file)|Malformed urlencoded form)/;

/** Text bound for the incidents table: no NUL or lone surrogate may reach PostgreSQL there either. */
const FORBIDDEN_ALL = new RegExp(FORBIDDEN_TEXT.source, 'g');
export const storable = (s: string, max: number) => s.replace(FORBIDDEN_ALL, '\ufffd').slice(0, max);

/** The answer to a framework failure; undefined when it is not the client's fault. */
function frameworkAnswer(err: FastifyError) {
  if (err.code && FRAMEWORK[err.code]) return errorAnswer(FRAMEWORK[err.code]!);
  if (!err.statusCode && MULTIPART_MESSAGES.test(err.message ?? '')) return errorAnswer('BAD_REQUEST');
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return errorAnswer(BY_STATUS[status] ?? 'BAD_REQUEST', undefined, { status });
  return undefined;
}

/**
 * One mapping from any failure to an honest status and a Spanish message. 5xx details are
 * logged and recorded as incidents, never sent to the caller.
 */
export function registerErrorHandler(app: FastifyInstance, report: ReportIncident): void {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const description = SPEC_ERROR_DESCRIPTIONS[err.message] ?? err.extra.errors?.map((e) => SPEC_ERROR_DESCRIPTIONS[e.message]).find(Boolean);
      return reply.status(err.status).send(errorAnswer(err.code, err.message, { ...err.extra, status: err.status, description }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        // fastify-type-provider-zod puts the zod issue's code in `keyword` and its other fields in `params`.
        const rule = unionRule({ ...(v.params as ZodIssueLike | undefined), code: v.keyword });
        return {
          field: (v.instancePath || '/').slice(1).replaceAll('/', '.'),
          key: String(rule?.code ?? v.keyword),
          message: rule?.message ?? v.message ?? ERROR_MESSAGES.VALIDATION,
        };
      });
      return reply.status(400).send(errorAnswer('VALIDATION', errors[0]?.message, { errors }));
    }
    const framework = frameworkAnswer(err);
    if (framework?.ErrorCode === 'PARSE') await report(req, 'parse', ERROR_MESSAGES.PARSE, storable(`${req.method} ${req.url}: ${err.message}`, 4000));
    if (framework) return reply.status(framework.status.code).send(framework);
    // Two writers racing past an "already exists?" check meet at a unique index: that is a
    // conflict to report, not a server fault.
    if (pgCode(err) === '23505') return reply.status(409).send(errorAnswer('CONFLICT'));
    req.log.error({ err }, 'unexpected error');
    await report(req, 'system', storable(err.message ?? '', 500), storable(`${req.method} ${req.url}\n${err.stack ?? ''}`, 4000)).catch(() => undefined);
    return reply.status(500).send(errorAnswer('INTERNAL'));
  });

  // Every API path and its methods, so that a known path called with another method answers 405
  // with `Allow` (RFC 9110) rather than 404. Routes register after this (onRoute sees them all).
  const apiRoutes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    const pattern = new RegExp(`^${route.url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`);
    apiRoutes.push({ pattern, methods: [route.method].flat() });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const allowed = [...new Set(apiRoutes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))];
    if (allowed.length > 0) return reply.status(405).header('allow', allowed.sort().join(', ')).send(errorAnswer('METHOD_NOT_ALLOWED'));
    return reply.status(404).send(errorAnswer('NOT_FOUND', `No encontrado: ${req.method} ${path}`));
  });

  // Error answers built by hand (the sign-in refusal keeps its login result in `data`) get the
  // §8 fields too, so every error carries the same set whoever wrote it.
  // (Callback style, as the per-request hooks: an async hook costs a promise on every answer.)
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.includes('"ErrorCode"') || payload.includes('"errorDescrpition"'))
      return done(null, payload);
    try {
      const body = JSON.parse(payload) as { ErrorCode: string; message: string; status?: { message?: string } };
      const message = body.message ?? body.status?.message ?? '';
      done(null, JSON.stringify({ ...body, errorCode: body.ErrorCode, Message: message, errorDescrpition: message }));
    } catch {
      done(null, payload);
    }
  });
}

/**
 * Errors raised before routing (an undecodable URL, a path parameter over maxParamLength) and
 * those of the HTTP parser itself (headers over 16 KB, a malformed request line) get the same
 * Spanish envelope as every other error. Spread into the Fastify constructor options.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
    const body = frameworkAnswer(err) ?? errorAnswer('BAD_REQUEST');
    void reply.status(body.status.code).header('x-content-type-options', 'nosniff').send(body);
  },
  clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const code: ErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'TIMEOUT' : 'BAD_REQUEST';
    const body = errorAnswer(code);
    const text = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${body.status.code} ${STATUS_CODES[body.status.code]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
      );
    }
    socket.destroy(err);
  },
};

/** The PostgreSQL error code of a driver error, also when Drizzle wraps it. */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
