import { ERROR_MESSAGES, type FieldError } from '@far/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import type { ReportIncident } from './envelope';

function body(code: string, status: number, message: string, extra: { errors?: FieldError[]; data?: unknown } = {}) {
  return {
    success: false,
    IsSuccess: false,
    data: extra.data ?? null,
    status: { code: status, message },
    ErrorCode: code,
    message,
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

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
 * One mapping from any failure to an honest status and a Spanish message. 5xx details are
 * logged and recorded as incidents, never sent to the caller.
 */
export function registerErrorHandler(app: FastifyInstance, report: ReportIncident): void {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, err.status, err.message, err.extra));
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
      const first = errors[0];
      const message = first?.message ?? ERROR_MESSAGES.VALIDATION;
      return reply.status(400).send(body('VALIDATION', 400, message, { errors }));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMIT', 429, ERROR_MESSAGES.RATE_LIMIT));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      await report(req, 'parse', ERROR_MESSAGES.PARSE, `${req.method} ${req.url}: ${err.message}`);
      return reply.status(400).send(body('PARSE', 400, ERROR_MESSAGES.PARSE));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message = err.statusCode === 413 ? 'El archivo o la solicitud es demasiado grande' : ERROR_MESSAGES.VALIDATION;
      return reply.status(err.statusCode).send(body(err.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION', err.statusCode, message));
    }
    // Two writers racing past an "already exists?" check meet at a unique index: that is a
    // conflict to report, not a server fault.
    if (pgCode(err) === '23505') {
      return reply.status(409).send(body('CONFLICT', 409, ERROR_MESSAGES.CONFLICT));
    }
    req.log.error({ err }, 'unexpected error');
    await report(req, 'system', err.message.slice(0, 500), `${req.method} ${req.url}\n${err.stack ?? ''}`.slice(0, 4000)).catch(() => undefined);
    return reply.status(500).send(body('INTERNAL', 500, ERROR_MESSAGES.INTERNAL));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(body('NOT_FOUND', 404, `No encontrado: ${req.method} ${req.url.split('?')[0]}`));
  });
}

/** The PostgreSQL error code of a driver error, also when Drizzle wraps it. */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
