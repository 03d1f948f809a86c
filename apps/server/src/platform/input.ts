import { FORBIDDEN_TEXT, FORBIDDEN_TEXT_MESSAGE } from '@far/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Deeper than any form of ours; a 5,000-deep array is an attack on the validators, not data. */
const MAX_DEPTH = 32;

const fieldError = (field: string, message: string, key: string) => new AppError('VALIDATION', message, { errors: [{ field, key, message }] });

/** The first text that may not pass (NUL, a lone surrogate) or a nesting too deep, walked without recursion. */
function check(root: unknown, prefix: string): void {
  const stack: [unknown, string, number][] = [[root, prefix, 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN_TEXT.test(value)) throw fieldError(path, FORBIDDEN_TEXT_MESSAGE, 'invalid_characters');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) throw fieldError(path, 'Los datos tienen demasiados niveles anidados', 'depth');
    for (const [k, v] of Object.entries(value)) {
      const child = path ? `${path}.${k}` : k;
      if (FORBIDDEN_TEXT.test(k)) throw fieldError(child, FORBIDDEN_TEXT_MESSAGE, 'invalid_characters');
      stack.push([v, child, depth + 1]);
    }
  }
}

/**
 * The content type a route takes: what its schema says it consumes (uploads say
 * multipart/form-data), JSON when it has a body schema, anything when it reads no body.
 */
function checkContentType(req: FastifyRequest): void {
  const header = req.headers['content-type'];
  if (!header) return;
  const type = header.split(';')[0]!.trim().toLowerCase();
  const schema = req.routeOptions.schema as { body?: unknown; consumes?: string[] } | undefined;
  const accepted = schema?.consumes ?? (schema?.body ? ['application/json'] : undefined);
  if (accepted && !accepted.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Tipo de contenido no admitido: envía ${accepted.join(' o ')}`);
  if (type === 'multipart/form-data' && !/;\s*boundary=/i.test(header)) throw new AppError('BAD_REQUEST', 'El formulario multipart no indica su boundary');
}

/**
 * Before validation (and after the envelope is opened): the content type the route takes, and no
 * body, query or path value with text PostgreSQL cannot store or nesting no form produces.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    try {
      checkContentType(req);
      check(req.params, '');
      check(req.query, '');
      check(req.body, '');
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
